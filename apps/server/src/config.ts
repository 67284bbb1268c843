// Every setting of the server, read once from the environment, with its default. A setting that
// cannot be used stops the start with a ConfigError (lib/config-error.ts) saying what it must
// be, before anything listens.
import path from 'node:path';
import { ConfigError } from './lib/config-error.ts';
import { credentialsKeyFrom } from './lib/sealed-secrets.ts';

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
  /** The merchant server API: requests per client id per minute (MERCHANT_API_RATE_PER_MINUTE). */
  merchantApiRatePerMinute: number;
  /**
   * The least time between two one-time codes to one e-mail (default 10 s, the spec's rule).
   * Browser tests shorten it, so that a journey sending several codes does not wait; it cannot be
   * shortened in production.
   */
  otpResendGapS: number;
  /** One-time codes one IP address may ask for per 15 minutes (default 30; browser tests raise it). */
  otpSendsPerIp: number;
  /**
   * The AES-256 key (32 bytes) that seals stored credentials: API client secrets and webhook
   * signing secrets (DECISIONS 20). CREDENTIALS_KEY, base64; outside production a fixed,
   * documented development key is used when it is not set (lib/sealed-secrets.ts).
   */
  credentialsKey: Buffer;
  /** Webhooks may go to loopback, private and link-local addresses (tests, local receivers only). */
  webhookAllowPrivate: boolean;
  /**
   * Group commit of postings (docs/group-commit.md): how long a posting arriving on a busy system
   * waits for others (POSTING_BATCH_WINDOW_MS, default 1) and how many postings one database
   * transaction holds at most (POSTING_BATCH_MAX, default 1: off, each posting in a transaction of its own).
   */
  postingBatch: { windowMs: number; maxBatch: number };
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'off', 'false', 'no'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number.parseInt(value, 10);
  if (!Number.isFinite(parsed)) throw new ConfigError(`Setting must be a whole number, got '${value}'`);
  return parsed;
}

/** Displayed decimals (DECISIONS 16): 0 to 6, default 2. */
function decimals(value: string | undefined): number {
  const parsed = int(value, 2);
  if (parsed < 0 || parsed > 6) throw new ConfigError(`Displayed decimals must be between 0 and 6, got ${parsed}`);
  return parsed;
}

/** A whole-number setting within [min, max]. */
function ranged(name: string, env: NodeJS.ProcessEnv, fallback: number, min: number, max: number): number {
  const parsed = int(env[name], fallback);
  if (parsed < min || parsed > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${parsed}`);
  return parsed;
}

const OTP_RESEND_GAP_DEFAULT_S = 10;

function otpResendGap(value: string | undefined, production: boolean): number {
  const parsed = int(value, OTP_RESEND_GAP_DEFAULT_S);
  if (parsed < 0) throw new ConfigError(`OTP_RESEND_GAP_S cannot be negative, got ${parsed}`);
  if (production && parsed < OTP_RESEND_GAP_DEFAULT_S) {
    throw new ConfigError(`OTP_RESEND_GAP_S cannot be under ${OTP_RESEND_GAP_DEFAULT_S} s in production, got ${parsed}`);
  }
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
    otpResendGapS: otpResendGap(env.OTP_RESEND_GAP_S, production),
    otpSendsPerIp: int(env.OTP_SENDS_PER_IP, 30),
    merchantApiRatePerMinute: int(env.MERCHANT_API_RATE_PER_MINUTE, 300),
    credentialsKey: credentialsKeyFrom(env),
    webhookAllowPrivate: bool(env.WEBHOOK_ALLOW_PRIVATE, false),
    postingBatch: { windowMs: ranged('POSTING_BATCH_WINDOW_MS', env, 1, 0, 100), maxBatch: ranged('POSTING_BATCH_MAX', env, 1, 1, 1000) },
    ...overrides,
  };
}
