// The permission table of ARCHITECTURE section 8, as functions the table test runs over every
// call of the contract, whatever its door (transport/policy.test.ts):
//   policyProblems(call)     what is wrong with a call's declared policy, if anything;
//   expectedRefusal(...)     what the policy says a kind of caller gets: a named refusal, or none;
//   checkCallPolicy(...)     makes a web call as each kind of caller through the real app and
//                            reports every answer that differs from the policy, and every
//                            refusal that wrote something;
//   checkDoorCall(...)       the same for a call of the merchant or POS door, as each kind of
//                            credential (the right one, another merchant's, a revoked key, a
//                            device, a web session, an administrator's, none).
// They return problems instead of asserting, so a test can also show that they catch a violation.
import { z } from 'zod';
import {
  AUDIENCES,
  doorOf,
  DOORS,
  ERRORS,
  FEATURE_SLUGS,
  FEATURES,
  getMerchantAppSettingsCall,
  isAuditAction,
  isFeatureSlug,
  pathParameters,
  updateMerchantAppCredentialsCall,
  type CallDef,
  type CallPolicy,
  type TAudience,
  type TErrorName,
  type TFeatureSlug,
  type TTerminalSpecificationName,
} from '@paywallet/contract';
import { countAllRows, type TestApp } from './harness.ts';
import { createTestAdmin } from './admin.ts';
import { createTestMerchant, createTestStaff, type TestMerchant } from './merchant.ts';
import { giveMerchantFees } from './merchant-fees.ts';
import { createTestPerson } from './money.ts';
import { createTestDevice, deviceToken } from './pos-device.ts';
import { openSession } from '../modules/auth/sessions.ts';
import { SANDBOX_CARDS } from '../modules/gateway/acquirer.ts';

/** The refusals the dispatcher gives before any handler runs. */
export const POLICY_REFUSALS = [
  'UNAUTHENTICATED',
  'SESSION_ENDED',
  'PASSCODE_REQUIRED',
  'AUDIENCE_NOT_ALLOWED',
  'FEATURE_NOT_GRANTED',
] as const satisfies readonly TErrorName[];
const isPolicyRefusal = (reason: string | undefined) => (POLICY_REFUSALS as readonly string[]).includes(reason ?? '');

const SESSION_LEVELS = ['none', 'passcode', 'full'];
const CALL_KINDS = ['read', 'write', 'money'];
// The operations console's calls live under admin/ (v1/admin/<name>); another door's under its name.
const PATH_PATTERN = /^(?:admin\/|merchant-api\/|pos-api\/)?[a-z0-9]+(?:-[a-z0-9]+)*$/;
const AUDIT_ACTION_PATTERN = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;
const ROUTE_PATH_PATTERN = /^(?:\/(?:[a-z0-9]+(?:-[a-z0-9]+)*|\{[A-Za-z][A-Za-z0-9]*\}))+$/;
const ANSWER_KINDS = ['json', 'file', 'event-stream'];

/** Everything wrong with a call's declared policy; empty when it is well-formed. */
export function policyProblems(call: CallDef): string[] {
  const problems: string[] = [];
  const path = typeof call.path === 'string' ? call.path : String(call.path);
  const problem = (text: string) => problems.push(`${path}: ${text}`);
  if (!PATH_PATTERN.test(path)) problem('the path is not a kebab-case logical path');
  if (!(call.request instanceof z.ZodType) || !(call.response instanceof z.ZodType)) problem('request and response must be zod schemas');

  const audience: unknown = call.audience;
  if (audience !== 'any') {
    if (!Array.isArray(audience) || audience.length === 0) problem(`audience ${JSON.stringify(audience)} is neither 'any' nor a list`);
    else {
      for (const entry of audience) if (!(AUDIENCES as readonly unknown[]).includes(entry)) problem(`unknown audience '${String(entry)}'`);
      if (new Set(audience).size !== audience.length) problem('the audience lists an account kind twice');
    }
  }
  if (!SESSION_LEVELS.includes(call.session)) problem(`unknown session level '${String(call.session)}'`);
  // A public call runs with no scope at all: nothing could check an audience or a feature.
  if (call.session === 'none' && (audience !== 'any' || call.feature !== null))
    problem("a call with session 'none' must be for audience 'any' with no feature");

  const feature: unknown = call.feature;
  if (feature !== null) {
    if (typeof feature !== 'string' || !isFeatureSlug(feature)) problem(`unknown feature '${String(feature)}'`);
    else {
      // Only staff are granted features, and staff are merchants: a feature elsewhere would never be checked.
      if (audience !== 'any' && Array.isArray(audience) && !audience.includes('merchant'))
        problem(`feature '${feature}' on a call merchants cannot make`);
      const menuAudience = FEATURES[feature].audience;
      if (menuAudience !== 'all' && Array.isArray(audience) && !audience.includes(menuAudience)) {
        problem(`feature '${feature}' is in the ${menuAudience} menu, but the call is not for ${menuAudience}s`);
      }
    }
  }
  if (!CALL_KINDS.includes(call.kind)) problem(`unknown kind '${String(call.kind)}'`);

  const audit: unknown = call.audit;
  if (audit !== null && (typeof audit !== 'string' || !AUDIT_ACTION_PATTERN.test(audit))) {
    problem(`audit ${JSON.stringify(audit)} is not null or '<subject>.<verb>'`);
  } else if (audit !== null && !isAuditAction(audit)) {
    problem(`audit ${JSON.stringify(audit)} is not in the list of audit actions`);
  }
  // Money that moved is always on record.
  if (call.kind === 'money' && audit === null) problem('a money call must declare an audit action');
  problems.push(...doorProblems(call).map((text) => `${path}: ${text}`));
  return problems;
}

/** What is wrong with how a call says it is reached: its door, its HTTP route and the parts of its request. */
export function doorProblems(call: CallDef): string[] {
  const problems: string[] = [];
  const door: unknown = call.door ?? 'web';
  if (!(DOORS as readonly unknown[]).includes(door)) return [`unknown door '${String(door)}'`];
  if (door !== 'web' && !call.path.startsWith(`${String(door)}/`))
    problems.push(`a call of the ${String(door)} door is named '${String(door)}/<name>'`);
  if (door === 'web' && /^(merchant-api|pos-api)\//.test(call.path)) problems.push(`a call of the web door is named like another door's`);
  const answer: unknown = call.answer ?? 'json';
  if (!ANSWER_KINDS.includes(answer as string)) problems.push(`unknown answer '${String(answer)}'`);
  const route = call.http;
  if (!route) {
    if (door !== 'web') problems.push(`a call of the ${String(door)} door needs its HTTP route`);
    if (answer !== 'json') problems.push('a call that answers a file or a stream needs its HTTP route');
    return problems;
  }
  if (door === 'web' && answer === 'json')
    problems.push('a JSON call of the web app is reached at /api/v1/<path>, not by a route of its own');
  if (route.method !== 'GET' && route.method !== 'POST') problems.push(`unknown method '${String(route.method)}'`);
  if (!ROUTE_PATH_PATTERN.test(route.path)) problems.push(`the route path '${route.path}' is not /kebab-case segments and {parameters}`);
  if (route.status !== 200 && route.status !== 201) problems.push(`a success answers 200 or 201, not ${String(route.status)}`);
  if (route.method === 'GET' && call.kind !== 'read') problems.push('a GET call only reads');
  if (route.method === 'GET' && route.body) problems.push('a GET call takes no body');
  if (route.method === 'POST' && route.query) problems.push('a POST call takes its fields in its body, not the query');
  const params = pathParameters(route.path);
  const paramFields = Object.keys(route.params?.shape ?? {});
  if ([...params].sort().join() !== [...paramFields].sort().join()) {
    problems.push(`the path's parameters {${params.join(', ')}} are not the fields of its params part (${paramFields.join(', ')})`);
  }
  const partFields = [...paramFields, ...Object.keys(route.query?.shape ?? {}), ...Object.keys(route.body?.shape ?? {})].sort();
  const requestFields = call.request instanceof z.ZodObject ? Object.keys(call.request.shape).sort() : [];
  if (partFields.join() !== requestFields.join()) problems.push(`the request's fields are not its parts' fields (use httpRequest(route))`);
  return problems;
}

/** A kind of caller as the policy sees it. */
export interface CallerProfile {
  session: 'none' | 'passcode' | 'full';
  audience: TAudience | null;
  /** The features of a staff member; null: every feature of the audience is open. */
  grantedFeatures: ReadonlySet<string> | null;
}

/** What the policy says this caller gets before any handler runs: a refusal, or null (let through). */
export function expectedRefusal(policy: CallPolicy, caller: CallerProfile): TErrorName | null {
  if (policy.session === 'none') return null;
  if (caller.session === 'none' || caller.audience === null) return 'UNAUTHENTICATED';
  if (policy.session === 'full' && caller.session !== 'full') return 'PASSCODE_REQUIRED';
  if (policy.audience !== 'any' && !policy.audience.includes(caller.audience)) return 'AUDIENCE_NOT_ALLOWED';
  if (policy.feature !== null && caller.grantedFeatures !== null && !caller.grantedFeatures.has(policy.feature))
    return 'FEATURE_NOT_GRANTED';
  return null;
}

export const CALLER_NAMES = [
  'no session',
  'password stage',
  'consumer',
  'merchant owner',
  'staff without the feature',
  'staff with the feature',
  'administrator',
] as const;
export type CallerName = (typeof CALLER_NAMES)[number];

export interface Caller extends CallerProfile {
  name: CallerName;
  /** A new session for each call (a call may end its session: logout-user). */
  token(): Promise<string | undefined>;
}

/** The people behind the callers, made once per test file. */
export interface PolicyCast {
  consumerId: bigint;
  ownerId: bigint;
  adminId: bigint;
  /** Per feature (or 'none' for a call without one): a staff member granted only it, and one granted every other. */
  staff: Map<TFeatureSlug | 'none', { withOnly: bigint; withAllBut: bigint }>;
}

export async function createPolicyCast(t: TestApp): Promise<PolicyCast> {
  const consumer = await createTestPerson(t);
  const owner = await createTestMerchant(t);
  const admin = await createTestAdmin(t);
  const staff: PolicyCast['staff'] = new Map();
  for (const feature of [...FEATURE_SLUGS, 'none'] as const) {
    const only = feature === 'none' ? [] : [feature];
    const allBut = FEATURE_SLUGS.filter((slug) => slug !== feature);
    staff.set(feature, {
      withOnly: (await createTestStaff(t, owner.id, only)).id,
      withAllBut: (await createTestStaff(t, owner.id, allBut)).id,
    });
  }
  return { consumerId: consumer.id, ownerId: owner.id, adminId: admin.id, staff };
}

/** The seven callers of the table for a call of this feature. */
export function callersFor(t: TestApp, cast: PolicyCast, feature: TFeatureSlug | null): Caller[] {
  const session = (userId: bigint, stage: 'passcode' | 'user') => async () =>
    (await openSession(t.deps.db, { userId, stage, ip: '127.0.0.1', userAgent: 'policy-table' })).token;
  const staff = cast.staff.get(feature ?? 'none');
  if (!staff) throw new Error(`No staff made for feature ${String(feature)}`);
  const all = new Set<string>(FEATURE_SLUGS);
  const without = new Set(FEATURE_SLUGS.filter((slug) => slug !== feature));
  const only = new Set(feature === null ? [] : [feature]);
  return [
    { name: 'no session', session: 'none', audience: null, grantedFeatures: null, token: async () => undefined },
    {
      name: 'password stage',
      session: 'passcode',
      audience: 'consumer',
      grantedFeatures: null,
      token: session(cast.consumerId, 'passcode'),
    },
    { name: 'consumer', session: 'full', audience: 'consumer', grantedFeatures: null, token: session(cast.consumerId, 'user') },
    { name: 'merchant owner', session: 'full', audience: 'merchant', grantedFeatures: null, token: session(cast.ownerId, 'user') },
    {
      name: 'staff without the feature',
      session: 'full',
      audience: 'merchant',
      grantedFeatures: feature === null ? all : without,
      token: session(staff.withAllBut, 'user'),
    },
    {
      name: 'staff with the feature',
      session: 'full',
      audience: 'merchant',
      grantedFeatures: only,
      token: session(staff.withOnly, 'user'),
    },
    { name: 'administrator', session: 'full', audience: 'admin', grantedFeatures: null, token: session(cast.adminId, 'user') },
  ];
}

/** One row of the table: what a caller got. */
export interface PolicyOutcome {
  caller: CallerName;
  expected: TErrorName | null;
  status: number;
  reason: string | undefined;
  /** Tables whose row count a refusal changed (must be empty). */
  written: string[];
}

/**
 * Makes the call (an empty body: the policy is checked before the body is read) as each caller,
 * and returns every outcome with the problems found: a refusal other than the policy's, a
 * refusal that wrote something, or an allowed caller stopped by the policy or by a crash.
 */
/** How the table makes a web call as a caller (by default POST /api/v1/<path> with an empty body). */
export type PolicySender = (token: string | undefined) => Promise<{ status: number; reason?: string | undefined }>;

export async function checkCallPolicy(
  t: TestApp,
  path: string,
  policy: CallPolicy,
  callers: readonly Caller[],
  send: PolicySender = (token) => t.post(path, {}, token ? { token } : {}),
): Promise<{ outcomes: PolicyOutcome[]; problems: string[] }> {
  const outcomes: PolicyOutcome[] = [];
  const problems: string[] = [];
  for (const caller of callers) {
    const token = await caller.token();
    const expected = expectedRefusal(policy, caller);
    const before = expected ? await countAllRows(t) : undefined;
    const answer = await send(token);
    const after = before ? await countAllRows(t) : undefined;
    const written = before && after ? Object.keys(after).filter((table) => after[table] !== before[table]) : [];
    outcomes.push({ caller: caller.name, expected, status: answer.status, reason: answer.reason, written });

    const got = `${answer.status} ${answer.reason ?? 'no refusal'}`;
    if (expected !== null) {
      if (answer.reason !== expected || answer.status !== ERRORS[expected].status) {
        problems.push(`${path} as ${caller.name}: expected ${ERRORS[expected].status} ${expected}, got ${got}`);
      }
      if (written.length > 0) problems.push(`${path} as ${caller.name}: the refusal wrote to ${written.join(', ')}`);
    } else if (isPolicyRefusal(answer.reason) || answer.status >= 500) {
      problems.push(`${path} as ${caller.name}: expected to pass the policy, got ${got}`);
    }
  }
  return { outcomes, problems };
}

// ---- the web app's GET routes ---------------------------------------------------------------

/** A value for each path parameter the web app's GET calls take. */
const WEB_PATH_SAMPLE: Record<string, string> = { reportId: '00000000-0000-4000-8000-000000000000' };

/**
 * How the table makes a web call reached by its own HTTP route (a file, the live stream): a GET
 * with the caller's session in the accessToken header. A stream that opens is closed at once:
 * its 200 is what the table reads.
 */
export function webRouteSender(t: TestApp, call: CallDef): PolicySender {
  const route = call.http!;
  const url = `/api${route.path.replace(/\{([A-Za-z0-9]+)\}/g, (_match, name: string) => WEB_PATH_SAMPLE[name] ?? name)}`;
  return async (token) => {
    const response = await t.app.inject({
      method: route.method,
      url,
      headers: token ? { accesstoken: token } : {},
      ...(call.answer === 'event-stream' ? { payloadAsStream: true } : {}),
    });
    if (call.answer === 'event-stream') {
      if (response.statusCode === 200) {
        response.stream().destroy();
        return { status: 200, reason: undefined };
      }
      const chunks: Buffer[] = [];
      for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
      return { status: response.statusCode, reason: (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { reason?: string }).reason };
    }
    if (response.statusCode === 200) return { status: 200, reason: undefined };
    return { status: response.statusCode, reason: response.json<{ reason?: string }>().reason };
  };
}

// ---- the merchant and POS doors ----------------------------------------------------------------

type HttpDoorName = 'merchant-api' | 'pos-api';

/** What a door must do with a caller: let it reach the merchant's objects, not find them, or refuse it. */
export type DoorExpectation = 'reaches' | 'not-found' | 'refused';

export interface DoorCaller {
  name: string;
  expect: DoorExpectation;
  headers(): Promise<Record<string, string>>;
}

/** Each door's refusal of a caller without its credential, and of an object of another merchant. */
export const DOOR_REFUSALS = {
  'merchant-api': { unauthenticated: 'API_CREDENTIALS_INVALID', notFound: 'PAYMENT_NOT_FOUND' },
  'pos-api': { unauthenticated: 'POS_SESSION_INVALID', notFound: 'POS_TRANSACTION_NOT_FOUND' },
} as const satisfies Record<HttpDoorName, { unauthenticated: TErrorName; notFound: TErrorName }>;

/** The fields by which a call names one of the merchant's objects (a payment, a POS transaction). */
export const OBJECT_FIELDS = ['id', 'transactionId'] as const;

/** The refusals of a door do write one thing: the failure is counted against its rate limit. */
const COUNTERS = new Set(['rate_limits']);

/** The people, merchants, keys and devices behind the doors' callers, made once per test file. */
export interface DoorCast {
  /** Values for the fields a call may take: merchant A's payment and POS transaction, an amount. */
  sample: Record<string, string | number>;
  callers: Record<HttpDoorName, DoorCaller[]>;
}

const basic = (creds: { clientId: string; clientSecret: string }) => ({
  authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`,
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A web session sent both ways a confused client might: the web app's header and a Bearer. */
const webSession = (token: string) => ({ accesstoken: token, authorization: `Bearer ${token}` });

async function apiCredentials(t: TestApp, merchant: TestMerchant) {
  const settings = await t.call(getMerchantAppSettingsCall, {}, { token: merchant.token });
  const record = settings.data[0]!;
  return { clientId: record.client_id, clientSecret: record.client_secret! };
}

let knock = 0;
/** Every door request comes from an address of its own: the failures the table provokes are counted per address. */
const nextAddress = () => `10.77.${Math.floor(++knock / 250) % 250}.${(knock % 250) + 1}`;

async function doorAnswer(t: TestApp, prefix: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await t.app.inject({
    method: method as 'GET' | 'POST',
    url: `${prefix}${path}`,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    remoteAddress: nextAddress(),
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.json<{ error?: { code: string } } & Record<string, unknown>>() };
}

export async function createDoorCast(t: TestApp): Promise<DoorCast> {
  const [shop, rival, revokedShop] = [await createTestMerchant(t), await createTestMerchant(t), await createTestMerchant(t)];
  for (const merchant of [shop, rival]) await giveMerchantFees(t, merchant.id);
  const everything: TTerminalSpecificationName[] = ['SALE', 'PRE_AUTH', 'CAPTURE', 'REFUND', 'VOID'];
  const till = await createTestDevice(t, shop, [{ userId: shop.id, settings: everything }]);
  const rivalTill = await createTestDevice(t, rival, [{ userId: rival.id, settings: everything }]);
  const [shopCreds, rivalCreds, revoked] = [
    await apiCredentials(t, shop),
    await apiCredentials(t, rival),
    await apiCredentials(t, revokedShop),
  ];
  await t.call(updateMerchantAppCredentialsCall, {}, { token: revokedShop.token });
  const tillToken = await deviceToken(t, till);
  const endedToken = await deviceToken(t, till);
  await doorAnswer(t, '/api/pos/v1', 'POST', '/logout', bearer(endedToken), {});
  const staff = await createTestStaff(t, shop.id, []);
  const admin = await createTestAdmin(t);
  const card = {
    holderName: 'Door Table',
    number: SANDBOX_CARDS.approved,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
  };
  const payment = await doorAnswer(t, '/api/merchant/v1', 'POST', '/payments', basic(shopCreds), {
    amount: 5_000,
    currency: 'AED',
    captureMethod: 'manual',
    card,
  });
  const preAuth = await doorAnswer(t, '/api/pos/v1', 'POST', '/pre-auth', bearer(tillToken), { amount: 5_000, currency: 'AED', card });
  if (payment.status !== 201 || preAuth.status !== 200) throw new Error('the door table could not make its payments');
  const fixed = (headers: Record<string, string>) => async () => headers;
  const refused = (name: string, headers: Record<string, string>): DoorCaller => ({ name, expect: 'refused', headers: fixed(headers) });
  const rivalTillToken = await deviceToken(t, rivalTill);
  return {
    sample: { id: String(payment.body.id), transactionId: String(preAuth.body.transactionId), amount: 1 },
    callers: {
      'merchant-api': [
        { name: 'the right key', expect: 'reaches', headers: fixed(basic(shopCreds)) },
        { name: "another merchant's key", expect: 'not-found', headers: fixed(basic(rivalCreds)) },
        refused('a revoked key', basic(revoked)),
        refused('a device of the same merchant', bearer(tillToken)),
        refused('a device of another merchant', bearer(rivalTillToken)),
        refused("a staff member's web session", webSession(staff.token)),
        refused("an administrator's session", webSession(admin.token)),
        refused('no credential', {}),
      ],
      // A device signs in anew for each call: a call may end its session (logout).
      'pos-api': [
        { name: 'the right device', expect: 'reaches', headers: async () => bearer(await deviceToken(t, till)) },
        { name: 'a device of another merchant', expect: 'not-found', headers: async () => bearer(await deviceToken(t, rivalTill)) },
        refused('a device session that ended', bearer(endedToken)),
        refused("the merchant's API key", basic(shopCreds)),
        refused("a staff member's web session", webSession(staff.token)),
        refused("an administrator's session", webSession(admin.token)),
        refused('no credential', {}),
      ],
    },
  };
}

/** The request of a door call made with the sample: its path filled in, its other fields in the query or the body. */
export function doorRequest(call: CallDef, sample: DoorCast['sample']): { path: string; query: string; body: unknown } {
  const route = call.http!;
  const shape = (call.request as z.ZodObject).shape;
  const names = pathParameters(route.path);
  const fields = Object.fromEntries(
    Object.keys(shape)
      .filter((name) => !names.includes(name) && name in sample)
      .map((name) => [name, sample[name]]),
  );
  const path = route.path.replace(/\{([A-Za-z0-9]+)\}/g, (_match, name: string) => String(sample[name]));
  if (route.method === 'GET') return { path, query: new URLSearchParams(fields as Record<string, string>).toString(), body: undefined };
  return { path, query: '', body: fields };
}

/** One row of a door's table: what a caller got. */
export interface DoorOutcome {
  caller: string;
  expected: DoorExpectation;
  status: number;
  code: string | undefined;
  written: string[];
}

/** Whether the call names one of the merchant's objects, so that another merchant must not find it. */
export function namesAnObject(call: CallDef): boolean {
  return OBJECT_FIELDS.some((field) => field in (call.request as z.ZodObject).shape);
}

/**
 * Makes a call of the merchant or POS door, with the sample input, as each of the door's callers,
 * and reports every answer that differs from what the door owes them: the right credential
 * reaches the merchant's objects; another merchant's is not found (404, nothing written); every
 * other credential is refused by the door's name (401, nothing written). A public call (the
 * device sign-in) lets everyone through to its handler.
 */
export async function checkDoorCall(t: TestApp, call: CallDef, cast: DoorCast): Promise<{ outcomes: DoorOutcome[]; problems: string[] }> {
  const door = doorOf(call) as HttpDoorName;
  const refusals = DOOR_REFUSALS[door];
  const prefix = door === 'merchant-api' ? '/api/merchant/v1' : '/api/pos/v1';
  const { path, query, body } = doorRequest(call, cast.sample);
  const outcomes: DoorOutcome[] = [];
  const problems: string[] = [];
  for (const caller of cast.callers[door]) {
    const expected: DoorExpectation =
      call.session === 'none' ? 'reaches' : caller.expect === 'not-found' && !namesAnObject(call) ? 'reaches' : caller.expect;
    const headers = await caller.headers();
    const before = await countAllRows(t);
    const answer = await doorAnswer(t, prefix, call.http!.method, query ? `${path}?${query}` : path, headers, body);
    const after = await countAllRows(t);
    const written = Object.keys(after).filter((table) => !COUNTERS.has(table) && after[table] !== before[table]);
    const code = answer.status < 300 ? undefined : answer.body.error?.code;
    outcomes.push({ caller: caller.name, expected, status: answer.status, code, written });
    const got = `${answer.status} ${code ?? 'no refusal'}`;
    const problem = (text: string) => problems.push(`${call.path} as ${caller.name}: ${text}`);
    if (answer.status >= 500) problem(`expected no server error, got ${got}`);
    if (expected === 'refused') {
      if (code !== refusals.unauthenticated || answer.status !== 401) problem(`expected 401 ${refusals.unauthenticated}, got ${got}`);
      if (written.length) problem(`the refusal wrote to ${written.join(', ')}`);
    } else if (expected === 'not-found') {
      if (code !== refusals.notFound || answer.status !== 404) problem(`expected 404 ${refusals.notFound}, got ${got}`);
      if (written.length) problem(`the refusal wrote to ${written.join(', ')}`);
    } else if (code === refusals.unauthenticated || code === refusals.notFound) {
      problem(`expected to reach the merchant's objects, got ${got}`);
    }
  }
  return { outcomes, problems };
}
