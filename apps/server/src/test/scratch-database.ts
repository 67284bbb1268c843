// A throw-away database on a PostgreSQL server, for tests and benchmarks: made with a random
// name (empty, or a copy of a template database), dropped when done.
import crypto from 'node:crypto';
import pg from 'pg';

const DROP_WAIT_ATTEMPTS = 50;
const DROP_WAIT_STEP_MS = 20;

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Database names are made here from a prefix and random hex; anything else is refused. */
const NAME_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;

function checkedName(name: string): string {
  if (!NAME_PATTERN.test(name)) throw new Error(`Not a scratch database name: ${name}`);
  return name;
}

/** The URL of another database on the same server. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${checkedName(name)}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Waits until nobody is connected to a database. A pool's end() resolves before its sockets
 * have closed; a forced drop would then kill backends of clients still saying goodbye (they
 * report it as an unhandled error), and CREATE DATABASE ... TEMPLATE refuses a template that
 * still has a session.
 */
export async function waitUntilIdle(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < DROP_WAIT_ATTEMPTS; attempt++) {
    const open = await admin.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (Number(open.rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, DROP_WAIT_STEP_MS));
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    await waitUntilIdle(admin, name);
    await admin.query(`DROP DATABASE IF EXISTS ${checkedName(name)} WITH (FORCE)`);
  });
}

/**
 * A new database named `<prefix>_<random>`; with `template`, a copy of that database (which
 * must have no session open: the server copies its files).
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<ScratchDatabase> {
  const name = checkedName(`${prefix}_${crypto.randomBytes(6).toString('hex')}`);
  await withAdmin(adminUrl, async (admin) => {
    if (options.template === undefined) {
      await admin.query(`CREATE DATABASE ${name}`);
      return;
    }
    await waitUntilIdle(admin, options.template);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${checkedName(options.template)}`);
  });
  return { name, url: databaseUrl(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}
