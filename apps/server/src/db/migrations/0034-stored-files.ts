// Files kept in the database (docs/files.md): with DATABASE_URL and no object store, uploads and
// exports live here, so that every node reads what any node wrote.
//
// - stored_files: one row per file, named by its storage key. size_bytes and completed_at stay
//   null while a streaming writer is still adding chunks; a reader sees only completed files.
// - stored_file_chunks: the file's bytes in order, at most 1 MiB a row (lib/file-store/
//   database-store.ts), so a file of tens of MB is written and read a chunk at a time and never
//   held whole in memory. Removing the file removes its chunks.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stored_files (
      key text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 200),
      size_bytes bigint CHECK (size_bytes >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      CHECK ((size_bytes IS NULL) = (completed_at IS NULL))
    );

    CREATE TABLE stored_file_chunks (
      file_key text NOT NULL REFERENCES stored_files (key) ON DELETE CASCADE,
      seq integer NOT NULL CHECK (seq >= 0),
      data bytea NOT NULL CHECK (length(data) BETWEEN 1 AND 1048576),
      PRIMARY KEY (file_key, seq)
    );
    -- Images, xlsx (a zip) and PDF are compressed already: store the chunks as they are instead
    -- of trying to compress them again on every write.
    ALTER TABLE stored_file_chunks ALTER COLUMN data SET STORAGE EXTERNAL;
  `.execute(db);
}
