// Builds the real app on a fresh database for one test file: a throw-away PGlite, or a new
// database on the PostgreSQL server named by TEST_DATABASE_URL. Calls go through inject.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { TEnvelope } from '@paywallet/contract';
import { loadConfig, type Config } from '../config.ts';
import { migrate, openDatabase, type DatabaseHandle } from '../db/database.ts';
import { seedDemoData, seedReferenceData } from '../db/seed.ts';
import { buildApp, type BuiltApp } from '../app.ts';
import { createScratchDatabase } from './scratch-database.ts';
import type { Database } from '../db/schema.ts';

export interface TestApp extends BuiltApp {
  database: DatabaseHandle;
  call<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<TEnvelope<T> & { status: number; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  ip?: string;
}

async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    return { handle: await openDatabase({ dataDir: 'memory://' }), drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const scratch = await createScratchDatabase(adminUrl, 'pw_test');
  return { handle: await openDatabase({ databaseUrl: scratch.url }), drop: () => scratch.drop() };
}

export async function createTestApp(overrides: Partial<Config> = {}, options: { demo?: boolean } = {}): Promise<TestApp> {
  const { handle, drop } = await freshDatabase();
  await migrate(handle.db);
  await (options.demo === false ? seedReferenceData(handle.db) : seedDemoData(handle.db));
  const config = loadConfig(
    {},
    {
      botCheck: false,
      dataDir: path.join(os.tmpdir(), `pw-test-${crypto.randomBytes(4).toString('hex')}`),
      webDistDir: '/nonexistent',
      logLevel: 'silent',
      ...overrides,
    },
  );
  const built = await buildApp(config, handle);
  return {
    ...built,
    database: handle,
    async call(callPath, body = {}, callOptions = {}) {
      const response = await built.app.inject({
        method: 'POST',
        url: `/api/v1/${callPath}`,
        payload: body as Record<string, unknown>,
        headers: callOptions.token ? { accesstoken: callOptions.token } : {},
        remoteAddress: callOptions.ip ?? '127.0.0.1',
      });
      const parsed = response.json() as TEnvelope<never>;
      return { ...parsed, status: response.statusCode, headers: response.headers };
    },
    async close() {
      await built.app.close();
      await handle.close();
      await drop();
    },
  };
}

/** The newest one-time code mailed to an address (read from the outbox table). */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const mail = await t.deps.db
    .selectFrom('outbox_emails')
    .select('text_body')
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(mail.text_body)?.[1];
  if (!code) throw new Error(`No code in the last e-mail to ${email}`);
  return code;
}

/**
 * Lets the resend gap pass, so a test can ask for another code at once. The per-IP send
 * counter goes too: every test call comes from one address, and a file sends many codes.
 */
export async function forgetSendLimits(t: TestApp, email: string): Promise<void> {
  await t.deps.db.deleteFrom('rate_limits').where('key', 'like', `otp-%${email}`).execute();
  await t.deps.db.deleteFrom('rate_limits').where('key', 'like', 'otp-ip:%').execute();
}

/** Row counts of some tables, so a test can show that a refused call wrote nothing. */
export async function countRows<K extends keyof Database>(t: TestApp, tables: readonly K[]): Promise<Record<K, number>> {
  const counts = {} as Record<K, number>;
  for (const table of tables) {
    const row = await t.deps.db
      .selectFrom(table as keyof Database)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** e-mail code step: verify-email then verify-otp. */
export async function proveEmail(t: TestApp, email: string): Promise<void> {
  await forgetSendLimits(t, email);
  const sent = await t.call('verify-email', { email });
  if (sent.code !== 200) throw new Error(`verify-email failed: ${sent.message}`);
  const verified = await t.call('verify-otp', { email, otp: await latestCode(t, email) });
  if (verified.code !== 200) throw new Error(`verify-otp failed: ${verified.message}`);
}

export const DEMO_MERCHANT = { email: 'merchant@demo.paywallet.local', password: 'Merchant123', passcode: '1234' };
export const DEMO_CONSUMER = { email: 'consumer@demo.paywallet.local', password: 'Consumer123', passcode: '1234' };

/** Full sign-in (code, password, passcode); returns the full-stage token. */
export async function signIn(t: TestApp, who: { email: string; password: string; passcode: string }): Promise<string> {
  await proveEmail(t, who.email);
  const login = await t.call<{ accessToken: string }>('login', { email: who.email, password: who.password });
  if (login.code !== 200) throw new Error(`login failed: ${login.message}`);
  const passcode = await t.call<{ accessToken: string }>('passcode-login', { passcode: who.passcode }, { token: login.data.accessToken });
  if (passcode.code !== 200) throw new Error(`passcode-login failed: ${passcode.message}`);
  return passcode.data.accessToken;
}

export const VALID_SIGN_UP = {
  firstName: 'Lina',
  lastName: 'Farouk',
  businessName: 'Farouk Trading',
  password: 'Secret123',
  confirmPassword: 'Secret123',
  carrierCode: '+971',
  phone: '501112233',
  type: 'merchant',
};

/** Signs a new merchant up through the real calls; returns the password-stage token. */
export async function signUp(t: TestApp, email: string, extra: Partial<typeof VALID_SIGN_UP> = {}): Promise<string> {
  await proveEmail(t, email);
  const result = await t.call<{ accessToken: string }>('register', { ...VALID_SIGN_UP, email, ...extra });
  if (result.code !== 200) throw new Error(`register failed: ${result.message}`);
  return result.data.accessToken;
}
