// Several nodes on one PostgreSQL database (issue 17; docs/scaling.md): three server processes
// (test/server-node-process.ts, started once for the file) on one scratch database, each with
// its own job runner, and calls spread over them with no stickiness:
//  - a session signed in on node 1 works on nodes 2 and 3; a one-time code sent via node 1 is
//    verified via node 2, the password via node 3, the passcode via node 1;
//  - the sign-in rate limit counts tries made on every node;
//  - a passcode locked by wrong tries via node 1 is refused on node 3;
//  - an Idempotency-Key replayed on another node gets the first answer, and one payment;
//  - a quote made on node 1 is confirmed on node 2, and its replay on node 3 answers the first;
//  - a checkout page opened on node 1 is paid on node 3;
//  - a live notification raised by a change on node 1 reaches a stream held on node 2;
//  - an export asked for on node 1, written by whichever node's runner claims its job, downloads
//    on nodes 2 and 3 byte for byte; a KYC document uploaded on node 1 is served on node 3 (the
//    files live in the database; each node has a data folder of its own, as on its own machine);
//  - every job enqueued runs once, whichever node claims it; each schedule slot is enqueued and
//    run once although three runners tick;
// and ends with the ledger's invariants. PostgreSQL only (PGlite is one process's database).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  adminGetKycFileCall,
  confirmSendMoneyCall,
  generateReportCall,
  getCheckoutCall,
  getEventsTicketCall,
  getReportCall,
  getUserKycCall,
  getWalletListCall,
  initiateSendMoneyCall,
  loginCall,
  passcodeLoginCall,
  payCheckoutCall,
  verifyEmailCall,
  verifyOtpCall,
  type CallDef,
  type TCallRequest,
} from '@paywallet/contract';
import { createTestApp, DEMO_CONSUMER, DEMO_MERCHANT, latestCode, type TestApp } from './test/harness.ts';
import { createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from './test/money.ts';
import { apiCredentialsOf, createTestMerchant, type TestMerchant } from './test/merchant.ts';
import { giveMerchantFees } from './test/merchant-fees.ts';
import { openStream } from './test/event-stream.ts';
import { createTestAdmin } from './test/admin.ts';
import { multipartBody, TINY_PNG } from './test/hostile-input.ts';
import { insertPaymentLink } from './modules/payment-links/payment-links.service.ts';
import { SANDBOX_CARDS } from './modules/gateway/acquirer.ts';
import { hashSecret } from './lib/secrets.ts';
import { openSession } from './modules/auth/sessions.ts';
import { PASSCODE_MAX_WRONG_TRIES, LOGIN_FAILURES_PER_EMAIL } from './modules/auth/auth.service.ts';
import { enqueueJob, registeredSchedules } from './jobs/queue.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const NODES = 3;
const START_TIMEOUT_MS = 120_000;
const WAIT_MAX_MS = 60_000;
const FUTURE_YEAR = new Date().getUTCFullYear() + 3;

interface Node {
  name: string;
  child: ChildProcess;
  url: string;
  output: () => string;
}

let t: TestApp;
let dataDir: string;
const nodes: Node[] = [];

/** The envelope of a call answered by a node over real HTTP. */
interface Answer {
  status: number;
  code: number;
  reason?: string;
  message: string;
  data: Record<string, unknown>;
}

async function call<C extends CallDef>(node: Node, def: C, body: TCallRequest<C>, token?: string): Promise<Answer> {
  const response = await fetch(`${node.url}/api/v1/${def.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { accesstoken: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, ...((await response.json()) as Omit<Answer, 'status'>) };
}

function startNode(name: string, databaseUrl: string): Promise<Node> {
  // A data folder of its own, as a node on its own machine has: nothing is shared through disk.
  const nodeDataDir = path.join(dataDir, `node-${name}`);
  fs.mkdirSync(nodeDataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/server-node-process.ts', name], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATA_DIR: nodeDataDir,
      BOT_CHECK: 'off',
      LOG_LEVEL: 'warn',
      OTP_RESEND_GAP_S: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`node ${name} did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ name, child, url, output: () => output });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`node ${name} exited (${code}) before it listened:\n${output}`));
    });
  });
}

/** Polls `condition` until it holds, or fails after WAIT_MAX_MS saying what did not happen. */
async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_MAX_MS;
  while (!(await condition())) {
    for (const node of nodes) {
      if (node.child.exitCode !== null) throw new Error(`node ${node.name} exited while waiting for ${what}:\n${node.output()}`);
    }
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${WAIT_MAX_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const node = (n: 1 | 2 | 3): Node => nodes[n - 1]!;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({}, { demo: true });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cluster-'));
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.deps.db);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  const started = await Promise.allSettled(Array.from({ length: NODES }, (_, i) => startNode(String(i + 1), url.toString())));
  for (const result of started) if (result.status === 'fulfilled') nodes.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  nodes.sort((a, b) => Number(a.name) - Number(b.name));
}, START_TIMEOUT_MS + 60_000);

afterAll(async () => {
  if (!onPostgres) return;
  await Promise.all(
    nodes.map(
      (n) =>
        new Promise<void>((resolve) => {
          if (n.child.exitCode !== null || n.child.signalCode !== null) return resolve();
          n.child.once('exit', () => resolve());
          n.child.kill('SIGTERM');
        }),
    ),
  );
  await expectLedgerInvariants(t);
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!onPostgres)('three nodes on one PostgreSQL database', () => {
  it('signs in across nodes (code via 1, verified via 2, password via 3, passcode via 1), and the session works on 2 and 3', async () => {
    const { email, password, passcode } = DEMO_CONSUMER;
    expect((await call(node(1), verifyEmailCall, { email })).status).toBe(200);
    const verified = await call(node(2), verifyOtpCall, { email, otp: await latestCode(t, email) });
    expect(verified.status, verified.message).toBe(200);
    const login = await call(node(3), loginCall, { email, password });
    expect(login.status, login.message).toBe(200);
    const full = await call(node(1), passcodeLoginCall, { passcode }, String(login.data.accessToken));
    expect(full.status, full.message).toBe(200);
    const token = String(full.data.accessToken);
    for (const n of [node(2), node(3)]) {
      const wallets = await call(n, getWalletListCall, {}, token);
      expect(wallets.status, wallets.message).toBe(200);
      expect(wallets.data).toEqual(expect.arrayContaining([expect.objectContaining({ account_number: expect.any(String) })]));
    }
  });

  it('counts the sign-in rate limit over every node', async () => {
    const { email } = DEMO_MERCHANT;
    expect((await call(node(2), verifyEmailCall, { email })).status).toBe(200);
    expect((await call(node(3), verifyOtpCall, { email, otp: await latestCode(t, email) })).status).toBe(200);
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL; i++) {
      const wrong = await call(nodes[i % NODES]!, loginCall, { email, password: 'Wrong-password-1' });
      expect(wrong.reason).toBe('BAD_CREDENTIALS');
    }
    // Five wrong tries spread over the three nodes: the next one is refused, on any node.
    for (const n of nodes)
      expect((await call(n, loginCall, { email, password: DEMO_MERCHANT.password })).reason).toBe('TOO_MANY_SIGN_IN_ATTEMPTS');
  });

  it('refuses on node 3 a passcode locked by wrong tries via node 1', async () => {
    const person = await createTestPerson(t);
    await t.deps.db
      .updateTable('users')
      .set({ passcode_hash: await hashSecret('2468') })
      .where('id', '=', person.id)
      .execute();
    const { token } = await openSession(t.deps.db, { userId: person.id, stage: 'passcode', ip: '127.0.0.1', userAgent: 'vitest' });
    for (let i = 1; i <= PASSCODE_MAX_WRONG_TRIES; i++) {
      const wrong = await call(node(1), passcodeLoginCall, { passcode: '1357' }, token);
      expect(wrong.reason).toBe(i < PASSCODE_MAX_WRONG_TRIES ? 'PASSCODE_INCORRECT' : 'PASSCODE_LOCKED');
    }
    expect((await call(node(3), passcodeLoginCall, { passcode: '2468' }, token)).reason).toBe('PASSCODE_LOCKED');
  });

  describe('money across nodes', () => {
    let merchant: TestMerchant;
    let basic: string;
    let payer: TestPerson;

    beforeAll(async () => {
      if (!onPostgres) return;
      merchant = await createTestMerchant(t);
      await giveMerchantFees(t, merchant.id);
      const { clientId, clientSecret } = await apiCredentialsOf(t, merchant);
      basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      payer = await createTestPerson(t);
      await fundWallet(t, payer.wallets.AED!, 500_000, 'AED');
    });

    async function apiPayment(n: Node, key: string) {
      const response = await fetch(`${n.url}/api/merchant/v1/payments`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({
          amount: 12_500,
          currency: 'AED',
          card: { holderName: 'Jane Doe', number: SANDBOX_CARDS.approved, expMonth: 12, expYear: FUTURE_YEAR, cvc: '123' },
          customer: { name: 'Jane Doe', email: 'jane@example.com' },
        }),
      });
      return { status: response.status, body: (await response.json()) as { id: string; transactionId: string | null } };
    }

    it('answers an Idempotency-Key replayed on another node with the first answer, and one payment', async () => {
      const key = crypto.randomUUID();
      const first = await apiPayment(node(1), key);
      expect(first.status).toBe(201);
      const replay = await apiPayment(node(2), key);
      expect(replay.status).toBe(201);
      expect(replay.body).toEqual(first.body);
      const payments = await t.deps.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('receiver_user_id', '=', merchant.id)
        .executeTakeFirstOrThrow();
      expect(Number(payments.n)).toBe(1);
    });

    it('confirms on node 2 a quote made on node 1; its replay on node 3 answers the same transfer', async () => {
      const quote = await call(
        node(1),
        initiateSendMoneyCall,
        { emailOrPhone: merchant.email, amount: 2_000, payerAccountId: Number(payer.wallets.AED) },
        payer.token,
      );
      expect(quote.status, quote.message).toBe(200);
      const hash = String(quote.data.hash);
      const confirmed = await call(node(2), confirmSendMoneyCall, { transactionHash: hash }, payer.token);
      expect(confirmed.status, confirmed.message).toBe(200);
      // A hash moves money at most once, whichever node is asked again: the replay answers the
      // first transfer and no second one is written.
      const again = await call(node(3), confirmSendMoneyCall, { transactionHash: hash }, payer.token);
      expect(again.status, again.message).toBe(200);
      expect(again.data).toEqual(confirmed.data);
      const transfers = await t.deps.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('sender_user_id', '=', payer.id)
        .where('receiver_user_id', '=', merchant.id)
        .executeTakeFirstOrThrow();
      expect(Number(transfers.n)).toBe(1);
    });

    it('pays on node 3 a checkout page opened on node 1', async () => {
      const online = merchant.stores[0]!.terminals[0]!.channels.find((channel) => channel.type === 'online')!.id;
      const schemes = await t.deps.db.selectFrom('payment_methods').select('id').where('code', 'in', ['VISA', 'MASTERCARD']).execute();
      const aed = await t.deps.db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow();
      const { token } = await insertPaymentLink(t.deps.db, {
        merchantUserId: merchant.id,
        channelId: online,
        currencyId: aed.id,
        amount: 7_500n,
        type: 1,
        status: 1,
        exipresIn: null,
        redirectUrl: 'https://shop.example.com/done',
        callbackUrl: null,
        receiptNo: null,
        email: null,
        phone: null,
        description: 'Paid on another node',
        addedBy: merchant.id,
        schemeIds: schemes.map((scheme) => scheme.id),
      });
      const opened = await call(node(1), getCheckoutCall, { token });
      expect(opened.status, opened.message).toBe(200);
      const paid = await call(node(3), payCheckoutCall, {
        token,
        attemptUuid: String(opened.data.attemptUuid),
        customer: { name: 'Layla Haddad', email: 'layla@example.com' },
        card: {
          holderName: 'Layla Haddad',
          number: SANDBOX_CARDS.approved,
          expMonth: '09',
          expYear: String(FUTURE_YEAR % 100),
          cvc: '123',
        },
      });
      expect(paid.status, paid.message).toBe(200);
      expect(paid.data).toMatchObject({ status: 'succeeded' });
    });

    it('delivers to a stream held on node 2 the notification of a transfer confirmed on node 1', async () => {
      const payee = await createTestPerson(t, { firstName: 'Listener' });
      const ticket = await call(node(3), getEventsTicketCall, {}, payee.token);
      expect(ticket.status, ticket.message).toBe(200);
      const stream = await openStream(`${node(2).url}/api/events?ticket=${String(ticket.data.ticket)}`);
      try {
        expect(stream.response.status).toBe(200);
        await stream.waitFor('ready');
        const quote = await call(
          node(1),
          initiateSendMoneyCall,
          { emailOrPhone: payee.email, amount: 300, payerAccountId: Number(payer.wallets.AED) },
          payer.token,
        );
        expect(quote.status, quote.message).toBe(200);
        const done = await call(node(1), confirmSendMoneyCall, { transactionHash: String(quote.data.hash) }, payer.token);
        expect(done.status, done.message).toBe(200);
        const event = await stream.waitFor('notification', 15_000);
        expect(JSON.parse(event.data)).toMatchObject({ type: 'money-received' });
      } finally {
        stream.close();
      }
    });

    it('downloads on nodes 2 and 3 an export asked for on node 1, and serves on node 3 a KYC document uploaded on node 1', async () => {
      const generated = await call(
        node(1),
        generateReportCall,
        { reportType: 'transaction', exportAs: 'excel', limit: 50 },
        merchant.token,
      );
      expect(generated.status, generated.message).toBe(200);
      const reportId = String(generated.data.reportId);
      // Its job runs on whichever node's runner claims it first.
      await until(
        'a node to write the export',
        async () => (await call(node(2), getReportCall, { reportId }, merchant.token)).data.status === 'ready',
      );
      const row = await t.deps.db
        .selectFrom('reports')
        .select(['id', 'file_key', 'file_bytes'])
        .where('uuid', '=', reportId)
        .executeTakeFirstOrThrow();
      // Done once, by a node: this test's process runs no runner.
      const job = await t.deps.db
        .selectFrom('jobs')
        .select(['state', 'attempts'])
        .where('kind', '=', 'generate-report')
        .where(sql<boolean>`payload->>'reportId' = ${String(row.id)}`)
        .executeTakeFirstOrThrow();
      expect(job).toEqual({ state: 'done', attempts: 1 });
      const stored = await t.deps.files.get(row.file_key!);
      expect(stored.length).toBe(Number(row.file_bytes));
      for (const reader of [node(2), node(3)]) {
        const report = await call(reader, getReportCall, { reportId }, merchant.token);
        const response = await fetch(`${reader.url}${String(report.data.downloadUrl)}`, { headers: { accesstoken: merchant.token } });
        expect(response.status).toBe(200);
        const body = Buffer.from(await response.arrayBuffer());
        expect(body.equals(stored)).toBe(true);
        // An xlsx is a zip: it starts with PK.
        expect(body.subarray(0, 2).toString()).toBe('PK');
      }

      const kyc = await call(node(1), getUserKycCall, {}, merchant.token);
      const inputs = kyc.data.inputs as Array<{ id: number; input_type: { type: string } }>;
      const input = inputs.find((candidate) => candidate.input_type.type === 'file')!;
      const boundary = `----paywallet-cluster-${crypto.randomBytes(8).toString('hex')}`;
      const uploaded = await fetch(`${node(1).url}/api/v1/upload-user-kyc-file`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accesstoken: merchant.token },
        body: multipartBody(
          [
            { name: 'inputId', value: String(input.id) },
            { name: 'file', value: TINY_PNG, fileName: 'passport.png', contentType: 'image/png' },
          ],
          boundary,
        ),
      });
      expect(uploaded.status).toBe(200);
      const fileId = ((await uploaded.json()) as { data: { fileId: number } }).data.fileId;
      // The submission that names the file (what manage-user-kyc writes once every answer is given).
      await t.deps.db
        .insertInto('kyc_submissions')
        .values({ user_id: merchant.id, answers: JSON.stringify([{ inputId: input.id, value: String(fileId) }]) })
        .execute();
      const admin = await createTestAdmin(t);
      const served = await call(node(3), adminGetKycFileCall, { fileId }, admin.token);
      expect(served.status, served.message).toBe(200);
      expect(served.data).toEqual({
        file: `data:image/png;base64,${TINY_PNG.toString('base64')}`,
        mimeType: 'image/png',
        fileName: 'passport.png',
      });
    });
  });

  it('runs each job once, whichever node claims it', async () => {
    const JOBS = 60;
    const ids: bigint[] = [];
    await t.deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < JOBS; i++) ids.push((await enqueueJob(trx, 'prune-idempotency-keys', {}))!);
    });
    const finished = () =>
      t.deps.db
        .selectFrom('jobs')
        .select(['id', 'state', 'attempts'])
        .where('id', 'in', ids)
        .where('state', 'in', ['done', 'failed'])
        .execute();
    await until('the three nodes to run the jobs', async () => (await finished()).length === JOBS);
    const rows = await finished();
    expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
  });

  it('enqueues and runs each schedule slot once although three runners tick', async () => {
    const names = registeredSchedules().map((schedule) => schedule.name);
    // Every node's runner enqueued the current slot of every schedule when it started.
    const slotsOf = () =>
      t.deps.db.selectFrom('jobs').select(['dedupe_key', 'state', 'attempts']).where('dedupe_key', 'like', 'schedule:%').execute();
    await until('a slot of every schedule to run', async () => {
      const rows = await slotsOf();
      return names.every((name) => rows.some((row) => row.dedupe_key!.startsWith(`schedule:${name}:`) && row.state === 'done'));
    });
    const rows = await slotsOf();
    const keys = rows.map((row) => row.dedupe_key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const row of rows.filter((r) => r.state === 'done')) expect(row.attempts).toBe(1);
  });
});
