// The property-based fuzz test over every call of the contract (enumerated with isCallDef, so
// a new call is fuzzed without anyone writing a line for it): a few hundred bodies per call,
// mixing plausible values (to get past the first check) with hostile ones (integers past any
// column's range, NUL and other control characters, huge, nested and prototype-keyed values),
// raw JSON that JSON.stringify cannot write, and multipart bodies, well-formed and broken.
// Whatever arrives, the answer is never a 5xx, its HTTP status equals the body's `code`, a
// refusal names its reason, and the ledger's invariants hold afterwards. Seeded: a failure
// prints its seed and path, and FUZZ_SEED / FUZZ_RUNS replay or widen the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import * as contract from '@paywallet/contract';
import { ERRORS, initiateRequestMoneyCall, initiateSendMoneyCall, isCallDef, type CallDef } from '@paywallet/contract';
import { createTestApp, DEMO_CONSUMER, type TestApp } from '../test/harness.ts';
import { createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../test/money.ts';
import { createTestMerchant, type TestMerchant } from '../test/merchant.ts';
import { openSession } from '../modules/auth/sessions.ts';
import { bodyFor, multipartRequest, RAW_JSON_BODIES, type FuzzWorld } from '../test/hostile-input.ts';

const CONTRACT_CALLS: CallDef[] = (Object.values(contract) as unknown[]).filter(isCallDef).sort((a, b) => a.path.localeCompare(b.path));
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS ?? 200);

let t: TestApp;
let consumer: TestPerson;
let merchant: TestMerchant;
let consumerPasscodeUserId: bigint;
let world: FuzzWorld;
let requestCount = 0;

/** The field names of a call's request (an object schema; anything else has none). */
function requestFields(call: CallDef): string[] {
  const schema = call.request as unknown as { shape?: Record<string, z.ZodType> };
  return schema.shape ? Object.keys(schema.shape) : [];
}

/** The consumer's and the merchant's sessions, kept from request to request until one is spent. */
const heldTokens = new Map<'consumer' | 'merchant', string>();

/**
 * The session a request of `call` is sent with: the consumer's, or the merchant's for calls only
 * merchants make, opened once and kept (`fresh` opens a new one: a call that ends its session,
 * logout, or trades it for another, passcode-login, spends it; send() then sends again with a
 * fresh one). A passcode-stage session is opened for every request, its wrong tries reset first.
 */
async function tokenFor(call: CallDef, fresh: boolean): Promise<string | undefined> {
  if (call.session === 'none') return undefined;
  if (call.session === 'passcode') {
    // The passcode's wrong tries start again, so the fuzz keeps reaching the code behind the check.
    await t.deps.db
      .updateTable('users')
      .set({ passcode_failed_attempts: 0, passcode_locked_at: null })
      .where('id', '=', consumerPasscodeUserId)
      .execute();
    const session = await openSession(t.deps.db, { userId: consumerPasscodeUserId, stage: 'passcode', ip: '127.0.0.1', userAgent: 'fuzz' });
    return session.token;
  }
  const merchantOnly = call.audience !== 'any' && !call.audience.includes('consumer');
  const kind = merchantOnly ? 'merchant' : 'consumer';
  const held = heldTokens.get(kind);
  if (held && !fresh) return held;
  const holder = merchantOnly ? merchant : consumer;
  const token = (await openSession(t.deps.db, { userId: holder.id, stage: 'user', ip: '127.0.0.1', userAgent: 'fuzz' })).token;
  heldTokens.set(kind, token);
  return token;
}

interface Answer {
  status: number;
  text: string;
}

/** What must hold for every answer, whatever was sent; returns the problem, or null. */
function answerProblem(answer: Answer): string | null {
  if (answer.status >= 500) return `status ${answer.status}: ${answer.text.slice(0, 300)}`;
  let body: { code?: unknown; reason?: unknown };
  try {
    body = JSON.parse(answer.text) as typeof body;
  } catch {
    return `status ${answer.status} with a body that is not JSON: ${answer.text.slice(0, 100)}`;
  }
  if (body.code !== answer.status) return `status ${answer.status} but code ${String(body.code)}`;
  if (answer.status !== 200 && !(typeof body.reason === 'string' && body.reason in ERRORS)) {
    return `refusal ${answer.status} without a named reason: ${answer.text.slice(0, 200)}`;
  }
  return null;
}

/**
 * Sends one body and answers what the server said. A 401 to a call that needs a session may mean
 * that an earlier request spent the held one (logout): the body is sent again with a fresh
 * session, so that every body reaches the code behind the session check, and both answers are
 * held to the rules.
 */
async function send(call: CallDef, payload: string | Buffer, contentType: string): Promise<Answer[]> {
  const first = await sendWith(call, payload, contentType, await tokenFor(call, false));
  if (first.status !== 401 || call.session === 'none') return [first];
  return [first, await sendWith(call, payload, contentType, await tokenFor(call, true))];
}

async function sendWith(call: CallDef, payload: string | Buffer, contentType: string, token: string | undefined): Promise<Answer> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${call.path}`,
    payload,
    headers: { 'content-type': contentType, ...(token ? { accesstoken: token } : {}) },
    // A new address per request: the per-IP limits of the sign-in calls would otherwise answer
    // 429 to most bodies and hide the code behind them.
    remoteAddress: `10.0.${Math.floor(requestCount / 250) % 250}.${requestCount++ % 250}`,
  });
  return { status: response.statusCode, text: response.body };
}

/** The first rule an answer breaks, of any of `answers`; null when none does. */
function answersProblem(answers: Answer[]): string | null {
  for (const answer of answers) {
    const problem = answerProblem(answer);
    if (problem) return problem;
  }
  return null;
}

beforeAll(async () => {
  t = await createTestApp();
  consumer = await createTestPerson(t, { currencies: ['AED', 'USD'] });
  merchant = await createTestMerchant(t);
  await fundWallet(t, consumer.wallets.AED!, 5_000_000, 'AED');
  await fundWallet(t, merchant.wallets.AED!, 5_000_000, 'AED');
  const demo = await t.deps.db.selectFrom('users').select('id').where('email', '=', DEMO_CONSUMER.email).executeTakeFirstOrThrow();
  consumerPasscodeUserId = demo.id;
  const ids = async (table: 'currencies' | 'payment_methods' | 'kyc_inputs' | 'stores') =>
    (await t.deps.db.selectFrom(table).select('id').execute()).map((row) => Number(row.id));
  world = {
    emails: [consumer.email, merchant.email, DEMO_CONSUMER.email],
    phones: [consumer.phone, merchant.phone],
    walletIds: [...Object.values(consumer.wallets), ...Object.values(merchant.wallets)].map(Number),
    currencyIds: await ids('currencies'),
    paymentMethodIds: await ids('payment_methods'),
    requestIds: [],
    inputIds: await ids('kyc_inputs'),
    storeIds: await ids('stores'),
    quoteHashes: [],
    passcodes: [DEMO_CONSUMER.passcode],
  };
  // A pending request and an open quote, so ids and hashes of real rows reach the money calls.
  const asked = await t.call(
    initiateRequestMoneyCall,
    { emailOrPhone: consumer.email, amount: 500, userAccountId: Number(merchant.wallets.AED) },
    { token: merchant.token },
  );
  const quoted = await t.call(
    initiateSendMoneyCall,
    { emailOrPhone: merchant.email, amount: 700, payerAccountId: Number(consumer.wallets.AED) },
    { token: consumer.token },
  );
  if (asked.code !== 200 || quoted.code !== 200) throw new Error(`fuzz setup failed: ${asked.message} / ${quoted.message}`);
  world.requestIds.push(asked.data.id);
  world.quoteHashes.push(quoted.data.hash);
});
afterAll(async () => t.close());

describe('fuzzing every call of the contract', () => {
  it('enumerates the whole contract', () => {
    // Proves the fuzz covers every call (a broken isCallDef would silently fuzz nothing).
    expect(CONTRACT_CALLS.length).toBeGreaterThanOrEqual(30);
    expect(CONTRACT_CALLS.filter((call) => call.multipart).map((call) => call.path)).toContain('upload-user-kyc-file');
  });

  for (const call of CONTRACT_CALLS) {
    it(`${call.path}: no 5xx, status = code, every refusal named`, async () => {
      // Proves that no body of any shape makes this call fail on the server: every answer is
      // a success or a named refusal with the HTTP status equal to the body's code.
      const fields = requestFields(call);
      const problems: string[] = [];
      const json = fc.asyncProperty(bodyFor(fields, world), async (body) => {
        const problem = answersProblem(await send(call, JSON.stringify(body) ?? 'null', 'application/json'));
        if (problem) problems.push(`${problem}\n    body: ${JSON.stringify(body)?.slice(0, 300)}`);
      });
      await fc.assert(json, { seed: SEED, numRuns: call.multipart ? RUNS_PER_CALL / 2 : RUNS_PER_CALL });
      if (call.multipart) {
        const multipart = fc.asyncProperty(multipartRequest(fields, world), async (request) => {
          const problem = answersProblem(await send(call, request.body, request.contentType));
          if (problem) problems.push(`${problem}\n    multipart: ${request.contentType} ${request.body.toString('latin1').slice(0, 300)}`);
        });
        await fc.assert(multipart, { seed: SEED, numRuns: RUNS_PER_CALL });
      }
      for (const raw of RAW_JSON_BODIES) {
        const problem = answersProblem(await send(call, raw, 'application/json'));
        if (problem) problems.push(`${problem}\n    raw: ${raw.slice(0, 100)}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('leaves the ledger balanced after everything the fuzz sent', async () => {
    // Proves no accepted hostile body moved money outside the posting function's rules.
    await expectLedgerInvariants(t);
  });
});
