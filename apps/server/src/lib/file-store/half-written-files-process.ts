// A writer that dies half way, for half-written-files.test.ts: `node --import tsx
// apps/server/src/lib/file-store/half-written-files-process.ts <folder>` with DATABASE_URL naming
// the test's database. It starts one streaming file in the database store and one in a folder
// store at <folder>, writes two and a half chunks into each (two whole chunk rows in the
// database, the half pending in memory), says "half written" on stdout, and then holds them
// open, never ending them, until the test kills it.
import { assert } from '@paywallet/ledger';
import { openDatabase } from '../../db/database.ts';
import { CHUNK_BYTES, createDatabaseStore } from './database-store.ts';
import { createFolderStore } from './folder-store.ts';

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const folder = process.argv[2];
  assert(databaseUrl !== undefined && folder !== undefined, 'DATABASE_URL and a folder are given');
  const database = await openDatabase({ databaseUrl });
  const bytes = Buffer.alloc(2 * CHUNK_BYTES + CHUNK_BYTES / 2, 7);
  for (const store of [createDatabaseStore(database.db), createFolderStore(folder)]) {
    const file = await store.create('reports', 'xlsx');
    await new Promise<void>((resolve, reject) => file.stream.write(bytes, (error) => (error ? reject(error) : resolve())));
  }
  console.log('half written');
  // Held open until killed: nothing ends the files.
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
