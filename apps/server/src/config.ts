// Every setting of the server, read once from the environment, with its default.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL server; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  botCheck: boolean;
  /** The dev outbox (/dev/outbox) exists only outside production. */
  devOutbox: boolean;
  production: boolean;
  seedDemo: boolean;
  publicUrl: string;
  supportEmail: string;
  webDistDir: string;
  trustProxy: boolean;
  logLevel: string;
  amountDecimalPlaces: number;
  feesDecimalPlaces: number;
  vatBps: number;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'off', 'false', 'no'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number.parseInt(value, 10);
  if (!Number.isFinite(parsed)) throw new Error(`Setting must be a whole number, got '${value}'`);
  return parsed;
}

/** Displayed decimals (DECISIONS 16): 0 to 6, default 2. */
function decimals(value: string | undefined): number {
  const parsed = int(value, 2);
  if (parsed < 0 || parsed > 6) throw new Error(`Displayed decimals must be between 0 and 6, got ${parsed}`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === 'production';
  const port = int(env.PORT, 3000);
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data')),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'PayWallet <no-reply@paywallet.local>',
    botCheck: bool(env.BOT_CHECK, true),
    devOutbox: !production && bool(env.DEV_OUTBOX, true),
    production,
    seedDemo: bool(env.SEED_DEMO, true),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    supportEmail: env.SUPPORT_EMAIL ?? 'support@paywallet.local',
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    trustProxy: bool(env.TRUST_PROXY, false),
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    amountDecimalPlaces: decimals(env.AMOUNT_DECIMAL_PLACES),
    feesDecimalPlaces: decimals(env.FEES_DECIMAL_PLACES),
    vatBps: int(env.VAT_BPS, 500),
    ...overrides,
  };
}
