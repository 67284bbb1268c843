// The permission table (ARCHITECTURE section 8): every call of the contract, found by
// enumerating @paywallet/contract, is registered on the dispatcher, declares a well-formed
// policy, and is made through its own door:
//  - a call of the web app as each kind of caller (no session, a password-stage session, a
//    consumer, a merchant owner, staff without and with the call's feature, an administrator):
//    each refusal is the policy's, with its status and name, and writes nothing; each allowed
//    caller passes the policy. The report download and the live stream, reached by GET routes of
//    their own, are in the same table;
//  - a call of the merchant server API or the POS device API as each kind of credential (the
//    right key or device, another merchant's, a revoked key or an ended device session, a device
//    on the merchant API and a key on the POS API, a staff member's and an administrator's web
//    session, none): the right one reaches the merchant's payment, another merchant's finds
//    nothing (404), every other is refused by the door's name (401); no refusal writes anything.
// A call added to the contract is in the table without anyone writing a row for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '@paywallet/contract';
import {
  apiGetPaymentCall,
  defineCall,
  doorOf,
  getWalletListCall,
  httpRequest,
  isCallDef,
  loginCall,
  type CallDef,
  type CallPolicy,
} from '@paywallet/contract';
import { countAllRows, createTestApp, type TestApp } from '../test/harness.ts';
import {
  callersFor,
  checkCallPolicy,
  checkDoorCall,
  createDoorCast,
  createPolicyCast,
  expectedRefusal,
  policyProblems,
  webRouteSender,
  type CallerProfile,
  type DoorCast,
  type PolicyCast,
} from '../test/policy-table.ts';
import { createTestMerchant, createTestStaff } from '../test/merchant.ts';
import { expectLedgerInvariants } from '../test/money.ts';

const CONTRACT_CALLS: CallDef[] = (Object.values(contract) as unknown[]).filter(isCallDef).sort((a, b) => a.path.localeCompare(b.path));
const WEB_CALLS = CONTRACT_CALLS.filter((call) => doorOf(call) === 'web');
const DOOR_CALLS = CONTRACT_CALLS.filter((call) => doorOf(call) !== 'web');

let t: TestApp;
let cast: PolicyCast;
let doorCast: DoorCast;
let registered: Map<string, CallDef>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createPolicyCast(t);
  doorCast = await createDoorCast(t);
  registered = new Map(t.dispatcher.registeredCalls().map((call) => [call.path, call]));
});
afterAll(async () => {
  // The right credentials captured and refunded for real: the money still adds up.
  await expectLedgerInvariants(t);
  await t.close();
});

describe('the contract and the dispatcher', () => {
  it('finds the calls of the contract by enumerating its exports', () => {
    // Proves the table is not empty and sees every area (a broken isCallDef would silently empty it).
    expect(CONTRACT_CALLS.length).toBeGreaterThanOrEqual(30);
    expect(CONTRACT_CALLS.map((call) => call.path)).toEqual(expect.arrayContaining(['login', 'get-wallet-list', 'confirm-send-money']));
    expect(new Set(CONTRACT_CALLS.map((call) => call.path)).size).toBe(CONTRACT_CALLS.length);
  });

  it('finds every operation of the merchant and POS doors, and the web routes that are not JSON', () => {
    // Proves the door table is not empty either: the merchant API's 6 operations, the POS API's
    // 9, the report download and the live stream are all calls of the contract.
    const byDoor = (door: string) =>
      DOOR_CALLS.filter((call) => doorOf(call) === door).map((call) => `${call.http!.method} ${call.http!.path}`);
    expect(byDoor('merchant-api').sort()).toEqual(
      [
        'GET /payments',
        'GET /payments/{id}',
        'POST /payments',
        'POST /payments/{id}/capture',
        'POST /payments/{id}/refunds',
        'POST /payments/{id}/void',
      ].sort(),
    );
    expect(byDoor('pos-api')).toHaveLength(9);
    expect(
      WEB_CALLS.filter((call) => call.http)
        .map((call) => call.path)
        .sort(),
    ).toEqual(['download-report', 'events-stream']);
  });

  it('registers exactly the calls of the contract, each with its contract definition', () => {
    // Proves no contract call lacks a handler, no handler serves a call the contract lacks, and
    // the dispatcher enforces the contract's own policy object (not a copy that could differ).
    const declared = new Set(CONTRACT_CALLS.map((call) => call.path));
    expect({
      unregistered: CONTRACT_CALLS.map((call) => call.path).filter((path) => !registered.has(path)),
      notInContract: [...registered.keys()].filter((path) => !declared.has(path)).sort(),
      registeredWithAnotherDefinition: CONTRACT_CALLS.filter((call) => registered.has(call.path) && registered.get(call.path) !== call).map(
        (call) => call.path,
      ),
    }).toEqual({ unregistered: [], notInContract: [], registeredWithAnotherDefinition: [] });
  });

  it('declares a well-formed policy on every call', () => {
    // Proves audience, session, feature, kind and audit of every call pass the checker.
    expect(CONTRACT_CALLS.flatMap(policyProblems)).toEqual([]);
  });
});

describe('every web call as every kind of caller', () => {
  for (const call of WEB_CALLS) {
    const summary = `${call.session} session, ${call.audience === 'any' ? 'any audience' : call.audience.join('/')}, feature ${call.feature ?? 'none'}`;
    it(`${call.path} (${summary})`, async ({ skip }) => {
      // Proves the dispatcher refuses exactly whom the policy refuses, with the right status and
      // name and no write, and lets everyone else through to the handler.
      skip(!registered.has(call.path), 'not registered on the dispatcher: see "registers exactly the calls of the contract"');
      const send = call.http ? webRouteSender(t, call) : undefined;
      const { outcomes, problems } = await checkCallPolicy(t, call.path, call, callersFor(t, cast, call.feature), send);
      expect(problems).toEqual([]);
      expect(outcomes).toHaveLength(7);
    });
  }
});

describe('every call of the merchant and POS doors as every kind of credential', () => {
  for (const call of DOOR_CALLS) {
    it(`${call.http!.method} ${call.path} (${call.session === 'none' ? 'public' : call.kind})`, async ({ skip }) => {
      // Proves the door refuses every credential but its own by name, writing nothing, and that
      // another merchant's key or device never reaches this merchant's payment or transaction.
      skip(!registered.has(call.path), 'not registered on the dispatcher: see "registers exactly the calls of the contract"');
      const { outcomes, problems } = await checkDoorCall(t, call, doorCast);
      expect(problems).toEqual([]);
      expect(outcomes).toHaveLength(doorCast.callers[doorOf(call) as 'merchant-api' | 'pos-api'].length);
    });
  }
});

describe('the checker catches violations', () => {
  const wellFormed = getWalletListCall;
  const broken = (change: Record<string, unknown>) => ({ ...wellFormed, ...change }) as unknown as CallDef;

  it('reports each kind of malformed policy', () => {
    // Proves every rule of policyProblems fires on a call that breaks it, and only then.
    expect(policyProblems(wellFormed)).toEqual([]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ path: 'Get_Wallets' }, 'the path is not a kebab-case logical path'],
      [{ audience: ['consumer', 'partner'] }, "unknown audience 'partner'"],
      [{ audience: [] }, "audience [] is neither 'any' nor a list"],
      [{ audience: ['consumer', 'consumer'] }, 'the audience lists an account kind twice'],
      [{ session: 'half' }, "unknown session level 'half'"],
      [{ session: 'none' }, "a call with session 'none' must be for audience 'any' with no feature"],
      [{ feature: 'wallets' }, "unknown feature 'wallets'"],
      [{ feature: 'transactions', audience: ['consumer'] }, "feature 'transactions' on a call merchants cannot make"],
      [{ kind: 'delete' }, "unknown kind 'delete'"],
      [{ audit: 'transfer' }, `audit "transfer" is not null or '<subject>.<verb>'`],
      [{ audit: 'Transfer.Confirm' }, `audit "Transfer.Confirm" is not null or '<subject>.<verb>'`],
      [{ kind: 'money', audit: null }, 'a money call must declare an audit action'],
      [{ audit: 'wallet.spend' }, 'audit "wallet.spend" is not in the list of audit actions'],
      [{ request: { parse: () => ({}) } }, 'request and response must be zod schemas'],
      [{ door: 'fax' }, "unknown door 'fax'"],
      [{ door: 'merchant-api' }, "a call of the merchant-api door is named 'merchant-api/<name>'"],
      [{ path: 'pos-api/sale' }, "a call of the web door is named like another door's"],
      [{ answer: 'file' }, 'a call that answers a file or a stream needs its HTTP route'],
    ];
    for (const [change, message] of cases) {
      const path = typeof change.path === 'string' ? change.path : wellFormed.path;
      expect(policyProblems(broken(change)), JSON.stringify(change)).toContain(`${path}: ${message}`);
    }
  });

  it("reports each kind of malformed HTTP route of a door's call", () => {
    // Proves the route rules fire on a merchant API call that breaks them: its method, path,
    // status, what a GET may take, and the request's fields against its parts'.
    const call = apiGetPaymentCall;
    const withRoute = (change: Record<string, unknown>) => ({ ...call, http: { ...call.http, ...change } }) as unknown as CallDef;
    const problems = (change: Record<string, unknown>) =>
      policyProblems(withRoute(change)).map((text) => text.replace(`${call.path}: `, ''));
    expect(policyProblems(call)).toEqual([]);
    expect(problems({ method: 'DELETE' })).toContain("unknown method 'DELETE'");
    expect(problems({ path: '/Payments/{id}' })).toContain("the route path '/Payments/{id}' is not /kebab-case segments and {parameters}");
    expect(problems({ status: 204 })).toContain('a success answers 200 or 201, not 204');
    expect(problems({ method: 'POST', query: z.object({ page: z.number() }) })).toContain(
      'a POST call takes its fields in its body, not the query',
    );
    expect(problems({ path: '/payments/{paymentId}' })).toContain(
      "the path's parameters {paymentId} are not the fields of its params part (id)",
    );
    expect(problems({ body: z.object({ amount: z.number() }) })).toContain('a GET call takes no body');
    expect(problems({ body: z.object({ amount: z.number() }) })).toContain(
      "the request's fields are not its parts' fields (use httpRequest(route))",
    );
    const withoutRoute = { ...call, http: undefined } as unknown as CallDef;
    expect(policyProblems(withoutRoute)).toContain(`${call.path}: a call of the merchant-api door needs its HTTP route`);
    const route = { method: 'GET', path: '/things', status: 200 } as const;
    const webJson = defineCall({ ...getWalletListCall, http: route, request: httpRequest(route) });
    expect(policyProblems(webJson)).toContain(
      'get-wallet-list: a JSON call of the web app is reached at /api/v1/<path>, not by a route of its own',
    );
  });

  it('reports a door that lets another merchant reach a payment, or a credential through that it should refuse', async () => {
    // Proves checkDoorCall fails a row when the answer differs from what the door owes the
    // caller: the right key posing as another merchant's (it finds the payment: no 404), and as
    // a credential the door should refuse (it gets in: no 401).
    const right = doorCast.callers['merchant-api'][0]!;
    const posing = {
      ...doorCast,
      callers: {
        ...doorCast.callers,
        'merchant-api': [
          { ...right, name: 'a key posing as another merchant', expect: 'not-found' as const },
          { ...right, name: 'a key posing as a revoked one', expect: 'refused' as const },
        ],
      },
    };
    const { problems } = await checkDoorCall(t, apiGetPaymentCall, posing);
    expect(problems).toEqual([
      `${apiGetPaymentCall.path} as a key posing as another merchant: expected 404 PAYMENT_NOT_FOUND, got 200 no refusal`,
      `${apiGetPaymentCall.path} as a key posing as a revoked one: expected 401 API_CREDENTIALS_INVALID, got 200 no refusal`,
    ]);
  });

  it('expects the refusals of the policy for each kind of caller', () => {
    // Proves the table's expectations on hand-written cases, independent of the dispatcher.
    const consumer: CallerProfile = { session: 'full', audience: 'consumer', grantedFeatures: null };
    const staff = (features: string[]): CallerProfile => ({ session: 'full', audience: 'merchant', grantedFeatures: new Set(features) });
    const policy = (change: Partial<CallPolicy>): CallPolicy => ({ ...getWalletListCall, feature: 'transactions', ...change });
    expect(expectedRefusal(loginCall, { session: 'none', audience: null, grantedFeatures: null })).toBeNull();
    expect(expectedRefusal(policy({}), { session: 'none', audience: null, grantedFeatures: null })).toBe('UNAUTHENTICATED');
    expect(expectedRefusal(policy({}), { ...consumer, session: 'passcode' })).toBe('PASSCODE_REQUIRED');
    expect(expectedRefusal(policy({ session: 'passcode', audience: 'any' }), { ...consumer, session: 'passcode' })).toBeNull();
    expect(expectedRefusal(policy({}), { session: 'full', audience: 'admin', grantedFeatures: null })).toBe('AUDIENCE_NOT_ALLOWED');
    expect(expectedRefusal(policy({}), staff(['send-money']))).toBe('FEATURE_NOT_GRANTED');
    expect(expectedRefusal(policy({}), staff(['transactions']))).toBeNull();
    expect(expectedRefusal(policy({ feature: null }), staff([]))).toBeNull();
    expect(expectedRefusal(policy({}), consumer)).toBeNull();
  });

  it('refuses a staff member a call of a feature they lack, writing nothing, and lets one who has it through', async () => {
    // Proves, on a call registered only here whose handler writes a row, that the dispatcher
    // refuses before the handler runs: the refusal is FEATURE_NOT_GRANTED and the row never appears.
    const probeCall = defineCall({
      path: 'policy-probe-write',
      audience: ['merchant'],
      session: 'full',
      feature: 'transactions',
      kind: 'write',
      audit: null,
      request: z.object({}).loose(),
      response: z.object({ written: z.literal(1) }),
    });
    const marker = `policy-probe:${Date.now()}`;
    t.dispatcher.register(probeCall, async () => {
      await t.deps.db.insertInto('settings').values({ key: marker, value: 'written' }).execute();
      return { data: { written: 1 as const } };
    });
    const merchant = await createTestMerchant(t);
    const lacking = await createTestStaff(t, merchant.id, ['send-money']);
    const granted = await createTestStaff(t, merchant.id, ['transactions']);
    const markerRows = () => t.deps.db.selectFrom('settings').select('key').where('key', '=', marker).execute();

    const before = await countAllRows(t);
    const refused = await t.call(probeCall, {}, { token: lacking.token });
    expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 403, reason: 'FEATURE_NOT_GRANTED' });
    expect(await countAllRows(t)).toEqual(before);
    expect(await markerRows()).toEqual([]);

    const allowed = await t.call(probeCall, {}, { token: granted.token });
    expect({ status: allowed.status, data: allowed.data }).toEqual({ status: 200, data: { written: 1 } });
    expect(await markerRows()).toHaveLength(1);
  });

  it('fails the table row of a call whose dispatcher does not enforce the declared feature', async () => {
    // Proves checkCallPolicy reports a violation: the contract declares the feature, but the
    // call was registered without it (as a handler bound to a stale copy of the call would be).
    const declared = defineCall({
      path: 'policy-probe-read',
      audience: ['merchant'],
      session: 'full',
      feature: 'transactions',
      kind: 'read',
      audit: null,
      request: z.object({}).loose(),
      response: z.null(),
    });
    t.dispatcher.register({ ...declared, feature: null }, async () => ({ data: null }));
    const { problems } = await checkCallPolicy(t, declared.path, declared, callersFor(t, cast, declared.feature));
    expect(problems).toEqual([`${declared.path} as staff without the feature: expected 403 FEATURE_NOT_GRANTED, got 200 no refusal`]);
  });
});
