// The owners of a store, added during onboarding with an identity document each. The
// document's bytes live in the file store (by a random key); the row keeps the key, the name
// the merchant gave it, its type as sniffed from the bytes and its size. The composite key to
// stores keeps an owner inside the store's merchant.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE store_owners (
      id bigserial PRIMARY KEY,
      merchant_user_id bigint NOT NULL,
      store_id bigint NOT NULL,
      first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 60),
      last_name text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 60),
      dob date NOT NULL,
      document_type text NOT NULL
        CHECK (document_type IN ('passport', 'drivingLicense', 'nationalIdCard', 'residencePermit', 'tradeLicense', 'mou')),
      document_key text NOT NULL,
      document_name text NOT NULL,
      document_mime text NOT NULL CHECK (document_mime IN ('image/jpeg', 'image/png')),
      document_size integer NOT NULL CHECK (document_size BETWEEN 1 AND 614400),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (store_id, merchant_user_id) REFERENCES stores (id, merchant_user_id)
    );
    CREATE INDEX store_owners_store ON store_owners (store_id, id);
    CREATE INDEX store_owners_merchant ON store_owners (merchant_user_id, id);
  `.execute(db);
}
