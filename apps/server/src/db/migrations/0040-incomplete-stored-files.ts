// Files whose writer died half way (docs/files.md): the 'sweep-incomplete-files' schedule finds
// the stored_files rows never completed and older than its bound. This index holds only those
// rows (a handful at any time), so the sweep reads none of the completed files however many
// there are.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX stored_files_incomplete ON stored_files (created_at) WHERE completed_at IS NULL;
  `.execute(db);
}
