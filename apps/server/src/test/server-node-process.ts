// One server node in a process of its own, for tests that run several nodes on one PostgreSQL
// database: `node --import tsx apps/server/src/test/server-node-process.ts <name>` with
// DATABASE_URL naming the test's database (already migrated and seeded: the test copied it from
// its template). It builds the app as main.ts does, listens on a free loopback port, starts a
// job runner with every kind and schedule (polling every 100 ms, so tests wait less; its id is
// `node-<name>`), and says "listening <url>" on stdout. SIGTERM stops it as main.ts stops.
import { assert } from '@paywallet/ledger';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { buildApp } from '../app.ts';
import { JobRunner } from '../jobs/runner.ts';
import { SHUTDOWN_DEADLINE_MS, stopOnSignals } from '../plugins/graceful-shutdown.ts';

const POLL_INTERVAL_MS = 100;

async function main(): Promise<void> {
  const config = loadConfig();
  assert(config.databaseUrl !== undefined, 'DATABASE_URL names the database of the test');
  const name = process.argv[2] ?? String(process.pid);
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const { app, deps, drain } = await buildApp(config, database);
  const runner = new JobRunner(deps, { runnerId: `node-${name}`, pollIntervalMs: POLL_INTERVAL_MS });
  stopOnSignals(async () => {
    await drain.close(SHUTDOWN_DEADLINE_MS);
    await runner.stop();
    await database.close();
  }, app.log);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  runner.start();
  console.log(`listening ${url}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
