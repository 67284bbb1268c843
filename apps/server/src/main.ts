// Starts the platform: settings, database and migrations, demo data, the HTTP server, then the
// job runner (the queue in the database: e-mail, 3-D Secure expiry, ...). Stops on SIGTERM or
// SIGINT, always: see stopOnSignals. `npm start` runs it compiled (dist/main.js, built by
// build.js); the welcome ends with how long the start took, from the process's own start.
import { loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/database.ts';
import { buildApp } from './app.ts';
import { seedDemoData, seedReferenceData, DEMO_ACCOUNTS, DEMO_STAFF } from './seed/seed.ts';
import { DEMO_ADMIN } from './seed/seed-admin.ts';
import { JobRunner } from './jobs/runner.ts';
import { JOBS_STOP_MS_MAX, SHUTDOWN_DEADLINE_MS, stopOnSignals, withinMs } from './plugins/graceful-shutdown.ts';

async function main(): Promise<void> {
  const phases = new StartPhases();
  const config = loadConfig();
  phases.mark('code loaded');
  const database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, preparedStatements: config.databasePreparedStatements }
      : { dataDir: config.dataDir },
  );
  await migrate(database.db);
  phases.mark('database and migrations');
  await (config.seedDemo ? seedDemoData(database.db, config) : seedReferenceData(database.db));
  phases.mark(config.seedDemo ? 'reference and demo data' : 'reference data');
  const { app, deps, drain } = await buildApp(config, database);
  // Started after listen; stopping one that never started is a no-op.
  const runner = new JobRunner(deps);

  stopOnSignals(async () => {
    const { forced, requestsUnanswered } = await drain.close(SHUTDOWN_DEADLINE_MS);
    if (forced) app.log.error(`requests still open after ${SHUTDOWN_DEADLINE_MS} ms were cut`);
    app.log.warn({ requestsUnanswered }, 'stopped serving');
    // The jobs in flight finish before the database closes under them, if they can in time.
    if ((await withinMs(runner.stop(), JOBS_STOP_MS_MAX)) === 'late') {
      app.log.warn(`jobs still running after ${JOBS_STOP_MS_MAX} ms are left to their leases`);
    }
    await database.close();
  }, app.log);

  await app.listen({ port: config.port, host: config.host });
  phases.mark('routes and listening');
  runner.start();
  printWelcome(config.publicUrl, database.kind, config.devOutbox, Boolean(config.smtpUrl), phases.summary());
}

/** The performance mark `npm start` (scripts/start.js) sets once the build is checked (and redone if stale). */
const BUILD_CHECKED_MARK = 'paywallet:build-checked';

/**
 * How long the start took and where the time went. performance.now() counts from the process's
 * time origin, so the first phase holds Node's own start and the loading of the code (and, under
 * `npm start`, the build check before it, a phase of its own). The CPU time beside the wall
 * time tells a slow machine from a busy one: on a machine shared with other work, the wall time
 * grows while the CPU time stays.
 */
class StartPhases {
  private readonly marks: { name: string; atMs: number }[] = performance
    .getEntriesByName(BUILD_CHECKED_MARK, 'mark')
    .map((mark) => ({ name: 'build check', atMs: mark.startTime }));

  mark(name: string): void {
    this.marks.push({ name, atMs: performance.now() });
  }

  summary(): string {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const parts = this.marks.map((m, i) => `${m.name} ${seconds(m.atMs - (this.marks[i - 1]?.atMs ?? 0))}`);
    const cpu = process.cpuUsage();
    const cpuMs = (cpu.user + cpu.system) / 1000;
    return `Started in ${seconds(this.marks.at(-1)?.atMs ?? performance.now())}, ${seconds(cpuMs)} of CPU (${parts.join(', ')}).`;
  }
}

function printWelcome(url: string, kind: string, devOutbox: boolean, smtp: boolean, startedIn: string): void {
  const lines = [
    '',
    `PayWallet is running on ${url} (database: ${kind})`,
    '',
    'Demo sign-ins (e-mail / password / passcode):',
    ...[...DEMO_ACCOUNTS, DEMO_STAFF, DEMO_ADMIN].map(
      (a) => `  ${a.label.padEnd(10)} ${a.email.padEnd(28)} ${a.password.padEnd(12)} ${a.passcode}`,
    ),
    '',
    smtp
      ? 'One-time codes are sent by e-mail through SMTP_URL.'
      : devOutbox
        ? `One-time codes: read them in the dev outbox at ${url}/dev/outbox`
        : 'No SMTP_URL is set and the dev outbox is off: one-time codes cannot be read.',
    '',
    startedIn,
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
