// The audit log (ARCHITECTURE section 10): an audited call writes one row, in the transaction of
// its change, saying who acted, how, for whom, in which session, from which address, through
// which call and on what; an administrator logged in as a merchant leaves a row for every call,
// reads too; sign-in events are on record, refused ones included; and no row can be changed,
// deleted or truncated away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  defineCall,
  getMoneyRequestsCall,
  getWalletListCall,
  initiateRequestMoneyCall,
  loginCall,
  logoutUserCall,
  passcodeLoginCall,
  setPasscodeCall,
  type TAuditAction,
} from '@paywallet/contract';
import { countAllRows, createTestApp, proveEmail, signUp, VALID_SIGN_UP, type TestApp } from '../../test/harness.ts';
import { createTestPerson } from '../../test/money.ts';
import { createTestMerchant } from '../../test/merchant.ts';
import { createTestAdmin, impersonate } from '../../test/admin.ts';
import { sessionScopes } from '../auth/sessions.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The audit rows written after a given id, oldest first. */
async function rowsAfter(lastId: bigint) {
  return t.deps.db.selectFrom('audit_log').selectAll().where('id', '>', lastId).orderBy('id').execute();
}

async function lastAuditId(): Promise<bigint> {
  const row = await t.deps.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id == null ? 0n : BigInt(row.id);
}

async function sessionIdOf(token: string): Promise<bigint> {
  const scope = await sessionScopes(t.deps.db)(token);
  if (!scope) throw new Error('the token has no session');
  return scope.sessionId;
}

describe('an audited call', () => {
  it('writes exactly one row naming the consumer, their session, address, call and subject', async () => {
    // Proves the row of money-request.create made by a consumer acting for themselves.
    const requester = await createTestPerson(t);
    const payer = await createTestPerson(t);
    const since = await lastAuditId();
    const created = await t.call(
      initiateRequestMoneyCall,
      { emailOrPhone: payer.email, amount: 2_500, userAccountId: Number(requester.wallets.AED) },
      { token: requester.token, ip: '198.51.100.21' },
    );
    expect(created.status, created.message).toBe(200);
    expect(await rowsAfter(since)).toMatchObject([
      {
        action: 'money-request.create',
        actor_user_id: requester.id,
        acting_as: 'user',
        on_behalf_of_user_id: requester.id,
        impersonator_user_id: null,
        session_id: await sessionIdOf(requester.token),
        ip: '198.51.100.21',
        call_path: initiateRequestMoneyCall.path,
        subject_type: 'money_request',
        subject_id: String(created.data.id),
      },
    ]);
  });

  it('records a staff member as the actor, acting as staff on behalf of the merchant', async () => {
    // Proves the two identities of a staff member's call: the person who acted and the merchant.
    const merchant = await createTestMerchant(t, { staff: [{ features: ['request-money'] }] });
    const staff = merchant.staff[0]!;
    const payer = await createTestPerson(t);
    const since = await lastAuditId();
    const created = await t.call(
      initiateRequestMoneyCall,
      { emailOrPhone: payer.email, amount: 3_000, userAccountId: Number(merchant.wallets.AED) },
      { token: staff.token, ip: '198.51.100.22' },
    );
    expect(created.status, created.message).toBe(200);
    const rows = await rowsAfter(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'money-request.create',
      actor_user_id: staff.id,
      acting_as: 'staff',
      on_behalf_of_user_id: merchant.id,
      impersonator_user_id: null,
      session_id: await sessionIdOf(staff.token),
      ip: '198.51.100.22',
      call_path: initiateRequestMoneyCall.path,
      subject_type: 'money_request',
      subject_id: String(created.data.id),
    });
    // The request itself belongs to the merchant, not to the staff member.
    const request = await t.deps.db
      .selectFrom('money_requests')
      .select('requester_user_id')
      .where('id', '=', BigInt(created.data.id))
      .executeTakeFirstOrThrow();
    expect(request.requester_user_id).toBe(merchant.id);
  });

  it('leaves no row when the call is refused', async () => {
    // Proves the row commits with the change: a refused call changes nothing and records nothing.
    const requester = await createTestPerson(t);
    const before = await countAllRows(t);
    const refused = await t.call(
      initiateRequestMoneyCall,
      { emailOrPhone: requester.email, amount: 2_500, userAccountId: Number(requester.wallets.AED) },
      { token: requester.token },
    );
    expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 422, reason: 'REQUEST_FROM_SELF' });
    expect(await countAllRows(t)).toEqual(before);
  });
});

describe('a call that declares an audit action and records none', () => {
  const forgetfulCall = defineCall({
    path: 'audit-probe-forgetful',
    audience: 'any',
    session: 'full',
    feature: null,
    kind: 'write',
    // An action of this test alone, outside the platform's list: the check must not depend on it.
    audit: 'probe.change' as TAuditAction,
    request: z.object({}).loose(),
    response: z.null(),
  });
  const register = (app: TestApp) =>
    app.dispatcher.register(forgetfulCall, async () => {
      await app.deps.db
        .insertInto('settings')
        .values({ key: `audit-probe:${Date.now()}:${Math.random()}`, value: 'changed' })
        .execute();
      return { data: null };
    });

  it('fails in strict mode (tests and development)', async () => {
    // Proves the dispatcher's check: the defect is a 500 a test cannot miss, not a silent gap.
    register(t);
    const person = await createTestPerson(t);
    const since = await lastAuditId();
    const answer = await t.call(forgetfulCall, {}, { token: person.token });
    expect({ status: answer.status, reason: answer.reason }).toEqual({ status: 500, reason: 'INTERNAL_ERROR' });
    expect(await rowsAfter(since)).toEqual([]);
  });

  it('writes the row late in production rather than lose it', async () => {
    // Proves the production fallback: the call answers, and the row exists (without a subject).
    const production = await createTestApp({ production: true }, { demo: false });
    try {
      register(production);
      const person = await createTestPerson(production);
      const answer = await production.call(forgetfulCall, {}, { token: person.token, ip: '198.51.100.23' });
      expect(answer.status).toBe(200);
      const rows = await production.deps.db.selectFrom('audit_log').selectAll().where('action', '=', 'probe.change').execute();
      expect(rows).toMatchObject([
        { actor_user_id: person.id, acting_as: 'user', ip: '198.51.100.23', call_path: forgetfulCall.path, subject_type: null },
      ]);
    } finally {
      await production.close();
    }
  });
});

describe('an administrator logged in as a merchant', () => {
  it('leaves a row with both identities for every call, reads included', async () => {
    // Proves impersonation is on record call by call: the administrator as actor, the merchant
    // on whose behalf, the session; an audited write records its own action with both too.
    const admin = await createTestAdmin(t);
    const merchant = await createTestMerchant(t);
    const payer = await createTestPerson(t);
    const token = await impersonate(t, admin, merchant.id);
    const session = await t.deps.db
      .selectFrom('sessions')
      .select(['id', 'admin_login', 'impersonator_user_id'])
      .where('id', '=', await sessionIdOf(token))
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ admin_login: true, impersonator_user_id: admin.id });

    const since = await lastAuditId();
    const ip = '198.51.100.24';
    expect((await t.call(getWalletListCall, {}, { token, ip })).status).toBe(200);
    expect((await t.call(getMoneyRequestsCall, {}, { token, ip })).status).toBe(200);
    const created = await t.call(
      initiateRequestMoneyCall,
      { emailOrPhone: payer.email, amount: 1_500, userAccountId: Number(merchant.wallets.AED) },
      { token, ip },
    );
    expect(created.status, created.message).toBe(200);

    const both = {
      actor_user_id: admin.id,
      acting_as: 'impersonation',
      on_behalf_of_user_id: merchant.id,
      impersonator_user_id: admin.id,
      session_id: session.id,
      ip,
    };
    expect(await rowsAfter(since)).toMatchObject([
      { ...both, action: 'impersonation.call', call_path: getWalletListCall.path, subject_type: null },
      { ...both, action: 'impersonation.call', call_path: getMoneyRequestsCall.path, subject_type: null },
      {
        ...both,
        action: 'money-request.create',
        call_path: initiateRequestMoneyCall.path,
        subject_type: 'money_request',
        subject_id: String(created.data.id),
      },
    ]);
  });

  it('records a refused call as an attempt, and nothing else changes', async () => {
    // Proves attempts are on record too: the refusal changes no business table, but the
    // administrator's attempt leaves one audit row naming the call and the refusal.
    const admin = await createTestAdmin(t);
    const merchant = await createTestMerchant(t);
    const token = await impersonate(t, admin, merchant.id);
    const before = await countAllRows(t);
    const since = await lastAuditId();
    const refused = await t.post(initiateRequestMoneyCall.path, {}, { token });
    expect(refused.status).toBe(400);
    expect(await countAllRows(t)).toEqual({ ...before, audit_log: (before.audit_log ?? 0) + 1 });
    expect(await rowsAfter(since)).toMatchObject([
      {
        action: 'impersonation.call',
        acting_as: 'impersonation',
        actor_user_id: admin.id,
        on_behalf_of_user_id: merchant.id,
        call_path: initiateRequestMoneyCall.path,
        detail: { refused: 'VALIDATION_FAILED' },
      },
    ]);
  });
});

describe('sign-in events', () => {
  it('records the password step, a refused password, a wrong passcode, the passcode step and the logout', async () => {
    // Proves each sign-in event is on record with the person, the address and (where it
    // exists) the session, including the refused attempts, which no audited call would record.
    const email = `audit-sign-in-${Date.now()}@example.com`;
    const ip = '198.51.100.25';
    const passwordToken = await signUp(t, email, { phone: '561230001' });
    const set = await t.call(setPasscodeCall, { passcode: '2468', confirmPasscode: '2468' }, { token: passwordToken, ip });
    expect(set.status).toBe(200);
    const user = await t.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const since = await lastAuditId();

    await proveEmail(t, email);
    expect((await t.call(loginCall, { email, password: 'Wrong1234' }, { ip })).reason).toBe('BAD_CREDENTIALS');
    const login = await t.call(loginCall, { email, password: VALID_SIGN_UP.password }, { ip });
    expect(login.status).toBe(200);
    const passcodeSession = await sessionIdOf(login.data.accessToken);
    const wrong = await t.call(passcodeLoginCall, { passcode: '1111' }, { token: login.data.accessToken, ip });
    expect(wrong.reason).toBe('PASSCODE_INCORRECT');
    const full = await t.call(passcodeLoginCall, { passcode: '2468' }, { token: login.data.accessToken, ip });
    expect(full.status).toBe(200);
    const fullSession = await sessionIdOf(full.data.accessToken);
    expect((await t.call(logoutUserCall, {}, { token: full.data.accessToken, ip })).status).toBe(200);

    const person = {
      actor_user_id: user.id,
      acting_as: 'user',
      on_behalf_of_user_id: user.id,
      ip,
      subject_type: 'user',
      subject_id: String(user.id),
    };
    expect(await rowsAfter(since)).toMatchObject([
      { ...person, action: 'auth.login-refused', call_path: loginCall.path, session_id: null },
      { ...person, action: 'auth.login-password', call_path: loginCall.path, session_id: passcodeSession },
      { ...person, action: 'auth.passcode-wrong', call_path: passcodeLoginCall.path, session_id: passcodeSession },
      { ...person, action: 'auth.login-passcode', call_path: passcodeLoginCall.path, session_id: fullSession },
      { ...person, action: 'auth.logout', call_path: logoutUserCall.path, session_id: fullSession },
    ]);
  });

  it('records a refused password for an e-mail without an account, with no actor', async () => {
    // Proves unknown addresses are on record too (an attack on accounts that do not exist).
    const email = `audit-nobody-${Date.now()}@example.com`;
    await proveEmail(t, email);
    const since = await lastAuditId();
    const refused = await t.call(loginCall, { email, password: 'Wrong1234' }, { ip: '198.51.100.26' });
    expect(refused.reason).toBe('BAD_CREDENTIALS');
    expect(await rowsAfter(since)).toMatchObject([
      { action: 'auth.login-refused', actor_user_id: null, on_behalf_of_user_id: null, ip: '198.51.100.26', subject_type: null },
    ]);
  });
});

describe('the audit log is append-only', () => {
  it('refuses to update, delete or truncate rows, and keeps them all', async () => {
    // Proves the trigger of migration 0004 on this database (the suite runs on PGlite and PostgreSQL).
    const person = await createTestPerson(t);
    const payer = await createTestPerson(t);
    const created = await t.call(
      initiateRequestMoneyCall,
      { emailOrPhone: payer.email, amount: 2_000, userAccountId: Number(person.wallets.AED) },
      { token: person.token },
    );
    expect(created.status).toBe(200);
    const before = await t.deps.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);
    const target = before.at(-1)!;

    await expect(t.deps.db.updateTable('audit_log').set({ action: 'tampered' }).where('id', '=', target.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.deps.db.updateTable('audit_log').set({ ip: null }).execute()).rejects.toThrow(/append-only/);
    await expect(t.deps.db.deleteFrom('audit_log').where('id', '=', target.id).execute()).rejects.toThrow(/append-only/);
    await expect(t.deps.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(t.deps.db)).rejects.toThrow(/append-only/);

    expect(await t.deps.db.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
