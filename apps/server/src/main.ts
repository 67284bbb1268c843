// Starts the platform: settings, database and migrations, demo data, the HTTP server, then the jobs.
import { loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/database.ts';
import { buildApp } from './app.ts';
import { seedDemoData, seedReferenceData, DEMO_ACCOUNTS } from './db/seed.ts';
import { startJobs } from './jobs/index.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  await migrate(database.db);
  await (config.seedDemo ? seedDemoData(database.db) : seedReferenceData(database.db));
  const { app, deps } = await buildApp(config, database);
  let stopJobs: () => Promise<void> = async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.warn(`${signal}: shutting down`);
    await app.close();
    await stopJobs();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  stopJobs = startJobs(deps);
  printWelcome(config.publicUrl, database.kind, config.devOutbox, Boolean(config.smtpUrl));
}

function printWelcome(url: string, kind: string, devOutbox: boolean, smtp: boolean): void {
  const lines = [
    '',
    `PayWallet is running on ${url} (database: ${kind})`,
    '',
    'Demo sign-ins (e-mail / password / passcode):',
    ...DEMO_ACCOUNTS.map((a) => `  ${a.label.padEnd(10)} ${a.email.padEnd(28)} ${a.password.padEnd(12)} ${a.passcode}`),
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
