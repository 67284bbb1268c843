// Starts the platform: settings, database and migrations, demo data, the HTTP server, then the
// job runner (the queue in the database: e-mail, 3-D Secure expiry, ...). Stops on SIGTERM or
// SIGINT, always: see stopOnSignals.
import { loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/database.ts';
import { buildApp } from './app.ts';
import { seedDemoData, seedReferenceData, DEMO_ACCOUNTS, DEMO_STAFF } from './seed/seed.ts';
import { DEMO_ADMIN } from './seed/seed-admin.ts';
import { JobRunner } from './jobs/runner.ts';
import { JOBS_STOP_MS_MAX, SHUTDOWN_DEADLINE_MS, stopOnSignals, withinMs } from './plugins/graceful-shutdown.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  await migrate(database.db);
  await (config.seedDemo ? seedDemoData(database.db, config) : seedReferenceData(database.db));
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
  runner.start();
  printWelcome(config.publicUrl, database.kind, config.devOutbox, Boolean(config.smtpUrl));
}

function printWelcome(url: string, kind: string, devOutbox: boolean, smtp: boolean): void {
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
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
