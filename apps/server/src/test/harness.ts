// Builds the real app for one test file on a database of its own, copied from the run's
// template (test/template-database.ts): an in-memory PGlite loaded from the template's dump, or
// a new database on the PostgreSQL server named by TEST_DATABASE_URL. Calls go through inject:
// `t.call(loginCall, body)` types the body as the call's request and `data` as its response;
// `t.post(path, body)` sends anything (malformed input, unknown paths).
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  loginCall,
  passcodeLoginCall,
  registerCall,
  verifyEmailCall,
  verifyOtpCall,
  type CallDef,
  type TCallRequest,
  type TCallResponse,
  type TErrorName,
} from '@paywallet/contract';
import { loadConfig, type Config } from '../config.ts';
import { migrate, openDatabase, type DatabaseHandle, type OpenOptions } from '../db/database.ts';
import { seedDemoData, seedReferenceData } from '../seed/seed.ts';
import { buildApp, type BuildOptions, type BuiltApp } from '../app.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { databaseFromTemplate, type TemplateName, type TestTemplates } from './template-database.ts';
import type { Database } from '../db/schema.ts';

/**
 * The answer of a call as a test sees it: the envelope, the HTTP status and the headers.
 * `data` is typed as the call's response; on a refusal it holds the refusal's data (null, or
 * the field errors, Retry-After seconds...): read it through `refusalData(answer)`.
 */
export interface TestAnswer<T> {
  code: number;
  /** The error's name on a refusal (packages/contract/src/errors.ts); absent on success. */
  reason?: TErrorName;
  message: string;
  data: T;
  status: number;
  headers: OutgoingHttpHeaders;
}

export interface CallOptions {
  token?: string;
  ip?: string;
}

export interface TestApp extends BuiltApp {
  database: DatabaseHandle;
  /** The PostgreSQL database's URL (undefined on PGlite): another node opens its own pool on it. */
  databaseUrl: string | undefined;
  /** A call of the contract, typed by its definition. */
  call<C extends CallDef>(call: C, body: TCallRequest<C>, options?: CallOptions): Promise<TestAnswer<TCallResponse<C>>>;
  /** Raw: any body to any path under /api/v1/ (malformed input, unknown calls). */
  post(callPath: string, body?: unknown, options?: CallOptions): Promise<TestAnswer<unknown>>;
  /**
   * The SQL statements this app sent while `work` ran, in order, BEGIN and COMMIT included: what
   * a call costs. Only meaningful while nothing else runs on the app (no job runner, no stream).
   */
  recordStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  close(): Promise<void>;
}

/** What a refusal may carry in `data`: nothing else leaves with a refusal. */
const ZRefusalData = z
  .object({
    errors: z.record(z.string(), z.string()).optional(),
    retryAfter: z.number().optional(),
    transactionId: z.string().optional(),
  })
  .strict()
  .nullable();
export type TRefusalData = z.infer<typeof ZRefusalData>;

/** The data of a refusal, checked: the answer must be a refusal, carrying only refusal data. */
export function refusalData(answer: TestAnswer<unknown>): NonNullable<TRefusalData> {
  if (answer.code === 200 || answer.reason === undefined) throw new Error(`Expected a refusal, got ${answer.code}: ${answer.message}`);
  return ZRefusalData.parse(answer.data) ?? {};
}

/** The field messages of a validation refusal (`data.errors`). */
export function fieldErrors(answer: TestAnswer<unknown>): Record<string, string> {
  const { errors } = refusalData(answer);
  if (!errors) throw new Error(`The refusal ${answer.reason} carries no field errors`);
  return errors;
}

let templatesOutsideVitest: TestTemplates | undefined;

/** For scripts outside vitest (measurements): the templates createTestApp copies from. */
export function useTestTemplates(templates: TestTemplates | undefined): void {
  templatesOutsideVitest = templates;
}

function runTemplates(): TestTemplates | undefined {
  if (templatesOutsideVitest) return templatesOutsideVitest;
  try {
    return inject('testTemplates');
  } catch {
    // Not inside a vitest worker: no templates, the database is built in place below.
    return undefined;
  }
}

type Hooks = Pick<OpenOptions, 'onStatement'>;

/** Without templates (a script, a project without the globalSetup): migrate and seed in place. */
async function databaseBuiltInPlace(
  name: TemplateName,
  hooks: Hooks,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void>; url?: string }> {
  let opened: { handle: DatabaseHandle; drop: () => Promise<void>; url?: string };
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const scratch = await createScratchDatabase(adminUrl, 'pw_test');
    opened = { handle: await openDatabase({ databaseUrl: scratch.url, ...hooks }), drop: () => scratch.drop(), url: scratch.url };
  } else {
    opened = { handle: await openDatabase({ dataDir: 'memory://', ...hooks }), drop: async () => {} };
  }
  await migrate(opened.handle.db);
  await (name === 'demo' ? seedDemoData(opened.handle.db) : seedReferenceData(opened.handle.db));
  return opened;
}

/** Another node of `first`'s PostgreSQL database: a pool of its own, a data folder of its own; the database stays `first`'s. */
async function sameDatabaseAs(first: TestApp, hooks: Hooks): Promise<{ handle: DatabaseHandle; drop: () => Promise<void>; url?: string }> {
  if (first.databaseUrl === undefined) throw new Error('Another node needs a PostgreSQL database (TEST_DB=postgres)');
  return { handle: await openDatabase({ databaseUrl: first.databaseUrl, ...hooks }), drop: async () => {}, url: first.databaseUrl };
}

/**
 * The app on a database of its own (a copy of the demo or reference template), or, with
 * `nodeOf`, a second server node on the same PostgreSQL database as another test app.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { demo?: boolean; nodeOf?: TestApp } & BuildOptions = {},
): Promise<TestApp> {
  const name: TemplateName = options.demo === false ? 'reference' : 'demo';
  const templates = runTemplates();
  // Statements are heard only while a test records them (recordStatements).
  let recording: string[] | undefined;
  const hooks: Hooks = { onStatement: (statement) => recording?.push(statement) };
  const { handle, drop, url } = options.nodeOf
    ? await sameDatabaseAs(options.nodeOf, hooks)
    : templates
      ? await databaseFromTemplate(templates, name, hooks)
      : await databaseBuiltInPlace(name, hooks);
  // A file store of its own, removed on close (unless the test brought its own folder).
  const ownDataDir = path.join(os.tmpdir(), `pw-test-${crypto.randomBytes(4).toString('hex')}`);
  const config = loadConfig(
    // Group commit's settings pass through, so that a run can switch it off (POSTING_BATCH_MAX=1) or on for PGlite.
    Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('POSTING_BATCH_'))),
    {
      botCheck: false,
      dataDir: ownDataDir,
      webDistDir: '/nonexistent',
      logLevel: 'silent',
      ...overrides,
    },
  );
  const { demo: _demo, nodeOf: _nodeOf, ...buildOptions } = options;
  const built = await buildApp(config, handle, buildOptions);

  async function post(callPath: string, body: unknown = {}, callOptions: CallOptions = {}): Promise<TestAnswer<unknown>> {
    const response = await built.app.inject({
      method: 'POST',
      url: `/api/v1/${callPath}`,
      payload: body as Record<string, unknown>,
      headers: callOptions.token ? { accesstoken: callOptions.token } : {},
      remoteAddress: callOptions.ip ?? '127.0.0.1',
    });
    const parsed = response.json() as Omit<TestAnswer<unknown>, 'status' | 'headers'>;
    return { ...parsed, status: response.statusCode, headers: response.headers };
  }

  return {
    ...built,
    database: handle,
    databaseUrl: url,
    post,
    async call<C extends CallDef>(call: C, body: TCallRequest<C>, callOptions: CallOptions = {}) {
      return (await post(call.path, body, callOptions)) as TestAnswer<TCallResponse<C>>;
    },
    async recordStatements<T>(work: () => Promise<T>) {
      if (recording) throw new Error('recordStatements does not nest');
      const statements: string[] = [];
      recording = statements;
      try {
        return { result: await work(), statements };
      } finally {
        recording = undefined;
      }
    },
    async close() {
      await built.app.close();
      await handle.close();
      await drop();
      if (config.dataDir === ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/** Listens on a free loopback port, for a test that needs a real HTTP client (a live stream); answers the base URL. */
export async function listenOnLoopback(t: Pick<BuiltApp, 'app'>): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
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

/** The tables of the database (the public schema), for checks over all of them. */
export async function allTables(t: TestApp): Promise<string[]> {
  const tables = await t.deps.db.introspection.getTables({ withInternalKyselyTables: true });
  return tables
    .filter((table) => !table.isView && table.schema === 'public')
    .map((table) => table.name)
    .sort();
}

/** Row counts of every table, in one round trip: a refused call must leave all of them as they were. */
export async function countAllRows(t: TestApp): Promise<Record<string, number>> {
  const tables = await allTables(t);
  // Table names come from the database's own catalogue, so they are safe to inline.
  const counts = sql.join(
    tables.map((name) => sql`SELECT ${sql.lit(name)} AS name, count(*) AS n FROM ${sql.table(name)}`),
    sql` UNION ALL `,
  );
  const result = await sql<{ name: string; n: bigint | string }>`${counts}`.execute(t.deps.db);
  return Object.fromEntries(result.rows.map((row) => [row.name, Number(row.n)]));
}

/** e-mail code step: verify-email then verify-otp. */
export async function proveEmail(t: TestApp, email: string): Promise<void> {
  await forgetSendLimits(t, email);
  const sent = await t.call(verifyEmailCall, { email });
  if (sent.code !== 200) throw new Error(`verify-email failed: ${sent.message}`);
  const verified = await t.call(verifyOtpCall, { email, otp: await latestCode(t, email) });
  if (verified.code !== 200) throw new Error(`verify-otp failed: ${verified.message}`);
}

export const DEMO_MERCHANT = { email: 'merchant@demo.paywallet.local', password: 'Merchant123', passcode: '1234' };
export const DEMO_CONSUMER = { email: 'consumer@demo.paywallet.local', password: 'Consumer123', passcode: '1234' };

/** Code and password: returns the password-stage token. */
export async function signInToPasscodeStage(t: TestApp, who: { email: string; password: string }): Promise<string> {
  await proveEmail(t, who.email);
  const login = await t.call(loginCall, { email: who.email, password: who.password });
  if (login.code !== 200) throw new Error(`login failed: ${login.message}`);
  return login.data.accessToken;
}

/** Full sign-in (code, password, passcode); returns the full-stage token. */
export async function signIn(t: TestApp, who: { email: string; password: string; passcode: string }): Promise<string> {
  const passwordToken = await signInToPasscodeStage(t, who);
  const passcode = await t.call(passcodeLoginCall, { passcode: who.passcode }, { token: passwordToken });
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
} as const satisfies Partial<TCallRequest<typeof registerCall>>;

/** Signs a new merchant up through the real calls; returns the password-stage token. */
export async function signUp(t: TestApp, email: string, extra: Partial<TCallRequest<typeof registerCall>> = {}): Promise<string> {
  await proveEmail(t, email);
  const result = await t.call(registerCall, { ...VALID_SIGN_UP, email, ...extra });
  if (result.code !== 200) throw new Error(`register failed: ${result.message}`);
  return result.data.accessToken;
}
