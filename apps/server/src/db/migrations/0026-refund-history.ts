// Refunds from the back office and the console (issue 15): each refund request keeps its status
// history (spec 2 'Refund status history row': status, comment, time), written in the
// transaction of each change. A processed refund names its refund transaction, and only a
// processed one does: a refund is paid at most once.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE refund_request_details (
      id bigserial PRIMARY KEY,
      refund_request_id bigint NOT NULL REFERENCES refund_requests(id),
      status smallint NOT NULL CHECK (status BETWEEN 0 AND 4),
      comment text CHECK (comment IS NULL OR length(comment) <= 2000),
      actor_user_id bigint REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX refund_request_details_request ON refund_request_details (refund_request_id, id);
    -- Refunds made before this (the merchant API and POS, processed at once) get their one row.
    INSERT INTO refund_request_details (refund_request_id, status, comment, actor_user_id, created_at)
      SELECT id, status, NULL, added_by, updated_at FROM refund_requests ORDER BY id;

    CREATE UNIQUE INDEX refund_requests_refund_transaction ON refund_requests (refund_transaction_id)
      WHERE refund_transaction_id IS NOT NULL;
    ALTER TABLE refund_requests ADD CONSTRAINT refund_requests_processed_has_transaction
      CHECK ((status = 2) = (refund_transaction_id IS NOT NULL)) NOT VALID;
    -- The console's queue reads by status, newest first.
    CREATE INDEX refund_requests_status ON refund_requests (status, id);
  `.execute(db);
}
