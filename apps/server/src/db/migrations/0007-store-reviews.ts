// The review log of a store: every status an operator gave a store (approved, changes
// requested, deactivated) with the comment the merchant reads in View Comments. Written only
// together with the status change (stores.service recordStoreReview), append-only like the
// audit log: what an operator told a merchant stays as it was said.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE store_comments (
      id bigserial PRIMARY KEY,
      store_id bigint NOT NULL REFERENCES stores(id),
      status smallint NOT NULL CHECK (status BETWEEN 0 AND 4),
      comments text NOT NULL CHECK (length(comments) BETWEEN 1 AND 2000),
      author_user_id bigint REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX store_comments_store ON store_comments (store_id, id);

    CREATE FUNCTION store_comments_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the store review log is append-only';
    END;
    $$;
    CREATE TRIGGER store_comments_no_update BEFORE UPDATE OR DELETE ON store_comments
      FOR EACH ROW EXECUTE FUNCTION store_comments_are_append_only();
  `.execute(db);
}
