// A job runner in a process of its own, for tests that kill it for real (SIGKILL) half way
// through its work: `node --import tsx apps/server/src/test/job-runner-process.ts <kind>...`
// with DATABASE_URL naming the test's database. It builds the app as main.ts does (so every
// module's job kinds are registered), then runs only the named kinds, without schedules, and
// says "runner started" on stdout. It never stops by itself: the test kills it.
import { assert } from '@paywallet/ledger';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { buildApp } from '../app.ts';
import { registeredJobKinds } from '../jobs/queue.ts';
import { JobRunner } from '../jobs/runner.ts';
import type { JobKinds } from '../jobs/job-kind.ts';

const POLL_INTERVAL_MS = 50;

async function main(): Promise<void> {
  const config = loadConfig();
  assert(config.databaseUrl !== undefined, 'DATABASE_URL names the database of the test');
  const names = process.argv.slice(2);
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const { deps } = await buildApp(config, database);
  const registered = registeredJobKinds() as unknown as JobKinds;
  const kinds: JobKinds = {};
  for (const name of names) {
    const kind = registered[name];
    assert(kind !== undefined, `the job kind ${name} is registered`);
    kinds[name] = kind;
  }
  new JobRunner(deps, { kinds, runnerId: `child-${process.pid}`, pollIntervalMs: POLL_INTERVAL_MS }).start();
  console.log('runner started');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
