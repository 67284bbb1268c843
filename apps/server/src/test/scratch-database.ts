// A throw-away database on a PostgreSQL server, for tests and benchmarks: made with a random
// name, dropped when done.
import crypto from 'node:crypto';
import pg from 'pg';

const DROP_WAIT_ATTEMPTS = 50;
const DROP_WAIT_STEP_MS = 20;

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleaner = new pg.Client({ connectionString: adminUrl });
      await cleaner.connect();
      // The pool's end() resolves before its sockets have closed; a forced drop would then kill
      // backends of clients still saying goodbye, and they report it as an unhandled error.
      for (let attempt = 0; attempt < DROP_WAIT_ATTEMPTS; attempt++) {
        const open = await cleaner.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (Number(open.rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, DROP_WAIT_STEP_MS));
      }
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}
