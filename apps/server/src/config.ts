// Every setting of the server, read once from the environment, with its default. A setting that
// cannot be used stops the start with a ConfigError (lib/config-error.ts) saying what it must
// be, before anything listens.
import path from 'node:path';
import { ConfigError } from './lib/config-error.ts';
import { FILE_STORE_KINDS, type FileStoreKind } from './lib/file-store/file-store.ts';
import type { S3Settings } from './lib/file-store/s3-store.ts';
import { credentialsKeyFrom } from './lib/sealed-secrets.ts';

/** Group commit's settings as read; `maxBatch` and `lanes` undefined: the database's defaults. */
export interface PostingBatchConfig {
  windowMs: number;
  maxBatch: number | undefined;
  lanes: number | undefined;
  lockWaitMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL server; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl: string | undefined;
  /**
   * With DATABASE_URL: statements sent again and again run as server-side prepared statements
   * (DATABASE_PREPARED_STATEMENTS, default on; off behind PgBouncer older than 1.21 in transaction
   * mode, which does not keep them between transactions).
   */
  databasePreparedStatements: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  botCheck: boolean;
  /** The dev outbox (/dev/outbox) exists only outside production. */
  devOutbox: boolean;
  /**
   * POST /api/dev/wallet-balance (a stored balance changed behind the ledger's back, for the
   * browser test of breach notices): only outside production, with the dev outbox, and only when
   * DEV_LEDGER_BREACH=1 asks for it (the browser tests' platform); off on a demo start.
   */
  devLedgerBreach: boolean;
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
   * waits for others (POSTING_BATCH_WINDOW_MS, default 1), how many postings one database
   * transaction holds at most (POSTING_BATCH_MAX; 1 is off, each posting in a transaction of its
   * own; unset, 64 on PostgreSQL and 1 on PGlite), how many batches run side by side (POSTING_BATCH_LANES), and how long a unit after the
   * first of its batch waits for a row lock before it steps aside to the next batch
   * (POSTING_BATCH_LOCK_WAIT_MS, default 50). Unset, the size and the lanes follow the database
   * (postingBatchFor in posting-batcher.ts).
   */
  postingBatch: PostingBatchConfig;
  /**
   * Where files are kept (FILE_STORE, docs/files.md): 'folder' (dataDir/files), 'database' or
   * 's3'. Undefined follows the database: the folder with the embedded one, the database with
   * DATABASE_URL; setting S3_BUCKET chooses 's3'.
   */
  fileStore: FileStoreKind | undefined;
  /** The object store (S3_BUCKET and the other S3_* settings); undefined when not configured. */
  s3: S3Settings | undefined;
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

/** Group commit's settings (docs/group-commit.md); the size and the lanes are undefined unless set. */
function postingBatchSettings(env: NodeJS.ProcessEnv): PostingBatchConfig {
  const unlessUnset = (name: string, min: number, max: number) => (env[name] ? ranged(name, env, min, min, max) : undefined);
  return {
    windowMs: ranged('POSTING_BATCH_WINDOW_MS', env, 1, 0, 100),
    maxBatch: unlessUnset('POSTING_BATCH_MAX', 1, 1000),
    lanes: unlessUnset('POSTING_BATCH_LANES', 1, 16),
    lockWaitMs: ranged('POSTING_BATCH_LOCK_WAIT_MS', env, 50, 0, 10_000),
  };
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

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'];
// S3's own bucket naming rules (3-63 characters, lowercase, digits, dots and hyphens).
const S3_BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_PREFIX_PATTERN = /^([a-z0-9-]+\/)*$/;

/** The S3_* settings, checked; undefined without S3_BUCKET (and then no other S3_* may be set). */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET || undefined;
  if (bucket === undefined) {
    const stray = S3_SETTINGS.find((name) => env[name]);
    if (stray) throw new ConfigError(`${stray} is set but S3_BUCKET is not: set the bucket to use an object store, or remove ${stray}`);
    return undefined;
  }
  if (!S3_BUCKET_PATTERN.test(bucket))
    throw new ConfigError(`S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots, hyphens), got '${bucket}'`);
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint !== undefined && !URL.canParse(endpoint))
    throw new ConfigError(`S3_ENDPOINT must be a URL such as http://127.0.0.1:9000, got '${endpoint}'`);
  if (endpoint !== undefined && !['http:', 'https:'].includes(new URL(endpoint).protocol)) {
    throw new ConfigError(`S3_ENDPOINT must be an http or https URL, got '${endpoint}'`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS credential chain');
  }
  const keyPrefix = env.S3_PREFIX ?? '';
  if (!S3_PREFIX_PATTERN.test(keyPrefix))
    throw new ConfigError(`S3_PREFIX must be lowercase words each ending in '/', such as 'paywallet/', got '${keyPrefix}'`);
  return {
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    // A local server (an endpoint of its own) answers on path-style URLs; AWS on virtual hosts.
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, endpoint !== undefined),
    accessKeyId,
    secretAccessKey,
    keyPrefix,
  };
}

function fileStoreKind(env: NodeJS.ProcessEnv, s3: S3Settings | undefined): FileStoreKind | undefined {
  const chosen = env.FILE_STORE || undefined;
  if (chosen === undefined) return s3 ? 's3' : undefined;
  if (!(FILE_STORE_KINDS as readonly string[]).includes(chosen)) {
    throw new ConfigError(`FILE_STORE must be one of ${FILE_STORE_KINDS.join(', ')}, got '${chosen}'`);
  }
  const kind = chosen as FileStoreKind;
  if (kind === 's3' && !s3) throw new ConfigError('FILE_STORE=s3 needs S3_BUCKET (and S3_ENDPOINT for a service other than AWS)');
  if (kind === 'database' && !env.DATABASE_URL) {
    throw new ConfigError('FILE_STORE=database needs DATABASE_URL: the embedded database serves one node, whose files stay in its folder');
  }
  return kind;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === 'production';
  const port = int(env.PORT, 3000);
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const s3 = s3Settings(env);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data')),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePreparedStatements: bool(env.DATABASE_PREPARED_STATEMENTS, true),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'PayWallet <no-reply@paywallet.local>',
    botCheck: bool(env.BOT_CHECK, true),
    devOutbox: !production && bool(env.DEV_OUTBOX, true),
    devLedgerBreach: !production && bool(env.DEV_OUTBOX, true) && bool(env.DEV_LEDGER_BREACH, false),
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
    postingBatch: postingBatchSettings(env),
    fileStore: fileStoreKind(env, s3),
    s3,
    ...overrides,
  };
}
