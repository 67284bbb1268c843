// The permission table of ARCHITECTURE section 8, as functions the table test runs over every
// call of the contract (transport/policy.test.ts):
//   policyProblems(call)     what is wrong with a call's declared policy, if anything;
//   expectedRefusal(...)     what the policy says a kind of caller gets: a named refusal, or none;
//   checkCallPolicy(...)     makes the call as each kind of caller through the real app and
//                            reports every answer that differs from the policy, and every
//                            refusal that wrote something.
// They return problems instead of asserting, so a test can also show that they catch a violation.
import { z } from 'zod';
import {
  AUDIENCES,
  ERRORS,
  FEATURE_SLUGS,
  FEATURES,
  isFeatureSlug,
  type CallDef,
  type CallPolicy,
  type TAudience,
  type TErrorName,
  type TFeatureSlug,
} from '@paywallet/contract';
import { countAllRows, type TestApp } from './harness.ts';
import { createTestAdmin } from './admin.ts';
import { createTestMerchant, createTestStaff } from './merchant.ts';
import { createTestPerson } from './money.ts';
import { openSession } from '../modules/auth/sessions.ts';

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
// The operations console's calls live under admin/ (v1/admin/<name>).
const PATH_PATTERN = /^(?:admin\/)?[a-z0-9]+(?:-[a-z0-9]+)*$/;
const AUDIT_ACTION_PATTERN = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

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
  }
  // Money that moved is always on record.
  if (call.kind === 'money' && audit === null) problem('a money call must declare an audit action');
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
export async function checkCallPolicy(
  t: TestApp,
  path: string,
  policy: CallPolicy,
  callers: readonly Caller[],
): Promise<{ outcomes: PolicyOutcome[]; problems: string[] }> {
  const outcomes: PolicyOutcome[] = [];
  const problems: string[] = [];
  for (const caller of callers) {
    const token = await caller.token();
    const expected = expectedRefusal(policy, caller);
    const before = expected ? await countAllRows(t) : undefined;
    const answer = await t.post(path, {}, token ? { token } : {});
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
