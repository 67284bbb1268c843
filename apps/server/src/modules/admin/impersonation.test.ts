// An administrator logged in as a merchant (DECISIONS 52) is there for support, not business:
// - the impersonation ends when the administrator's own session ends (logout, revocation,
//   expiry) or the administrator is blocked, and an hour after it opened at the latest;
// - every call of the contract that moves money is refused by name before its handler, leaving
//   nothing but the audit row of the refused call, while the merchant's own session still
//   passes the policy of each; a real payment prepared in the impersonation moves only when the
//   merchant confirms it;
// - the merchant's passcode steps are refused (they would spend the merchant's tries and open a
//   session that outlives the administrator's);
// - a live stream opened in the impersonation ends with the administrator's session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@paywallet/contract';
import {
  addMerchantStaffCall,
  getEventsTicketCall,
  adminLoginAsMerchantCall,
  confirmSendMoneyCall,
  doorOf,
  getUserProfileCall,
  initiateSendMoneyCall,
  isCallDef,
  logoutUserCall,
  passcodeLoginCall,
  resetStaffPosdevicePasswordCall,
  setPasscodeCall,
  USER_STATUS,
} from '@paywallet/contract';
import { countAllRows, countRows, createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestAdmin, type TestAdmin } from '../../test/admin.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { POLICY_REFUSALS } from '../../test/policy-table.ts';
import { createTestDevice, posApi } from '../../test/pos-device.ts';
import { balanceOf, countMoneyRows, createTestPerson, expectLedgerInvariants, fundWallet } from '../../test/money.ts';
import { IMPERSONATION_LIFE_S, revokeUserSessions } from '../auth/sessions.ts';
import { NotificationHub, type LiveStream } from '../notifications/live.ts';

let t: TestApp;
let merchant: TestMerchant;

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  merchant = await createTestMerchant(t);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

interface Impersonation {
  admin: TestAdmin;
  token: string;
  sessionId: bigint;
}

/** A new administrator logged in as the merchant through the console's call. */
async function loginAsMerchant(): Promise<Impersonation> {
  const admin = await createTestAdmin(t);
  const answer = await t.call(adminLoginAsMerchantCall, { userId: Number(merchant.id) }, { token: admin.token });
  expect(answer.status, answer.message).toBe(200);
  const session = await t.deps.db
    .selectFrom('sessions')
    .select(['id', 'impersonator_session_id'])
    .where('impersonator_user_id', '=', admin.id)
    .executeTakeFirstOrThrow();
  expect(session.impersonator_session_id).toBe(admin.sessionId);
  return { admin, token: answer.data.accessToken, sessionId: session.id };
}

async function profileReason(token: string) {
  const answer = await t.call(getUserProfileCall, {}, { token });
  return [answer.status, answer.reason ?? 'ok'];
}

describe('the impersonation ends with the administrator', () => {
  it('answers SESSION_ENDED once the administrator has logged out of the console', async () => {
    // Proves the 12-hour session that outlived the administrator's logout is gone.
    const { admin, token } = await loginAsMerchant();
    expect(await profileReason(token)).toEqual([200, 'ok']);
    expect((await t.call(logoutUserCall, {}, { token: admin.token })).status).toBe(200);
    expect(await profileReason(token)).toEqual([401, 'SESSION_ENDED']);
  });

  it('ends when the administrator’s session is revoked or expires, or the administrator is blocked', async () => {
    // Proves every way the administrator's own session can end ends the impersonation with it.
    const revoked = await loginAsMerchant();
    await revokeUserSessions(t.deps.db, revoked.admin.id);
    expect(await profileReason(revoked.token)).toEqual([401, 'SESSION_ENDED']);

    const expired = await loginAsMerchant();
    await t.deps.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.admin.sessionId)
      .execute();
    expect(await profileReason(expired.token)).toEqual([401, 'SESSION_ENDED']);

    const blocked = await loginAsMerchant();
    await t.deps.db.updateTable('users').set({ status: USER_STATUS.SUSPENDED }).where('id', '=', blocked.admin.id).execute();
    expect(await profileReason(blocked.token)).toEqual([401, 'SESSION_ENDED']);
    // The merchant's own session is untouched by all of it.
    expect(await profileReason(merchant.token)).toEqual([200, 'ok']);
  });

  it('lives an hour at most, whatever its expiry says', async () => {
    // Proves the cap twice: the session is opened to expire in an hour, and a session older than
    // an hour is refused even with its expiry moved out of the way (no sleeping: the times move).
    const before = Date.now();
    const { token, sessionId } = await loginAsMerchant();
    const row = await t.deps.db.selectFrom('sessions').select(['expires_at']).where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(row.expires_at.getTime()).toBeGreaterThanOrEqual(before + IMPERSONATION_LIFE_S * 1000 - 1000);
    expect(row.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + IMPERSONATION_LIFE_S * 1000 + 1000);
    expect(await profileReason(token)).toEqual([200, 'ok']);
    const anHourAgo = new Date(Date.now() - IMPERSONATION_LIFE_S * 1000 - 1000);
    await t.deps.db
      .updateTable('sessions')
      .set({ created_at: anHourAgo, expires_at: new Date(Date.now() + 12 * 3600 * 1000) })
      .where('id', '=', sessionId)
      .execute();
    expect(await profileReason(token)).toEqual([401, 'SESSION_ENDED']);
  });
});

describe('an impersonation moves no money', () => {
  // A session reaches the web app's calls only: the merchant and POS doors take their own
  // credentials, and refuse a web session (the permission table proves it).
  const moneyCalls = (Object.values(contract) as unknown[])
    .filter(isCallDef)
    .filter((call) => doorOf(call) === 'web' && call.kind === 'money');
  // A public call acts for nobody, so an impersonation session cannot reach it as the merchant:
  // the hosted checkout is paid by whoever holds the card.
  // An impersonation acts as the merchant: the console's own money calls (admin/process-refund)
  // are refused to it by their audience, as to any merchant (the permission table proves it).
  const scopedMoneyCalls = moneyCalls.filter(
    (call) => call.session !== 'none' && (call.audience === 'any' || call.audience.includes('merchant')),
  );

  it('finds the money calls of the contract', () => {
    // Proves the enumeration below is not empty: the money calls DECISIONS 52 lists that the web API has.
    expect(scopedMoneyCalls.map((call) => call.path)).toEqual(
      expect.arrayContaining(['confirm-send-money', 'initiate-deposit', 'create-refund-request']),
    );
    expect(moneyCalls.filter((call) => call.session === 'none').map((call) => call.path)).toEqual(['pay-checkout']);
  });

  it('refuses every money call by name before its handler, writing only the refused call’s audit row', async () => {
    // Proves the rule is the policy's: an empty body would fail validation, so a refusal by this
    // name shows the call was stopped before its body was read, and the handler never ran.
    const { admin, token, sessionId } = await loginAsMerchant();
    for (const call of scopedMoneyCalls) {
      const before = await countAllRows(t);
      const answer = await t.post(call.path, {}, { token });
      expect([call.path, answer.status, answer.reason]).toEqual([call.path, 403, 'IMPERSONATION_CANNOT_MOVE_MONEY']);
      const after = await countAllRows(t);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      expect([call.path, changed, after.audit_log! - before.audit_log!]).toEqual([call.path, ['audit_log'], 1]);
      const row = await t.deps.db
        .selectFrom('audit_log')
        .select(['action', 'actor_user_id', 'acting_as', 'on_behalf_of_user_id', 'call_path', 'detail'])
        .where('session_id', '=', sessionId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        action: 'impersonation.call',
        actor_user_id: admin.id,
        acting_as: 'impersonation',
        on_behalf_of_user_id: merchant.id,
        call_path: call.path,
        detail: { refused: 'IMPERSONATION_CANNOT_MOVE_MONEY' },
      });
    }
  });

  it('lets the merchant’s own session through the policy of the same calls', async () => {
    // Proves the refusal belongs to the impersonation, not to the calls: the merchant passes the
    // policy (the empty body may still be refused by the handler's own rules, never by the policy).
    for (const call of scopedMoneyCalls) {
      const answer = await t.post(call.path, {}, { token: merchant.token });
      const policyRefusals: readonly string[] = [...POLICY_REFUSALS, 'IMPERSONATION_CANNOT_MOVE_MONEY'];
      expect([call.path, policyRefusals.includes(answer.reason ?? '')]).toEqual([call.path, false]);
      expect(answer.status).toBeLessThan(500);
    }
  });

  it('prepares a payment but cannot confirm it; the merchant can', async () => {
    // Proves a real payment: the quote (a write) is made as the merchant, its confirmation is
    // refused with the balances and money rows unchanged, and the merchant's own confirmation of
    // the very same quote moves the money once.
    const payee = await createTestPerson(t, { firstName: 'Payee' });
    await fundWallet(t, merchant.wallets.AED!, 50_000, 'AED');
    const { token } = await loginAsMerchant();
    const quote = await t.call(
      initiateSendMoneyCall,
      { emailOrPhone: payee.email, amount: 1_500, payerAccountId: Number(merchant.wallets.AED) },
      { token },
    );
    expect(quote.status, quote.message).toBe(200);
    const balance = await balanceOf(t, merchant.wallets.AED!);
    const money = await countMoneyRows(t);
    const refused = await t.call(confirmSendMoneyCall, { transactionHash: quote.data.hash }, { token });
    expect([refused.status, refused.reason]).toEqual([403, 'IMPERSONATION_CANNOT_MOVE_MONEY']);
    expect(await countMoneyRows(t)).toEqual(money);
    expect(await balanceOf(t, merchant.wallets.AED!)).toBe(balance);
    const confirmed = await t.call(confirmSendMoneyCall, { transactionHash: quote.data.hash }, { token: merchant.token });
    expect(confirmed.status, confirmed.message).toBe(200);
    expect(await balanceOf(t, merchant.wallets.AED!)).toBeLessThan(balance);
    await expectLedgerInvariants(t);
  });
});

describe('the merchant’s passcode steps', () => {
  it('are refused in an impersonation, counting no try and opening no session', async () => {
    // Proves an administrator cannot test the merchant's passcode nor trade the impersonation for
    // a session that would outlive their own.
    const { token } = await loginAsMerchant();
    const tries = () =>
      t.deps.db.selectFrom('users').select('passcode_failed_attempts').where('id', '=', merchant.id).executeTakeFirstOrThrow();
    const before = { tries: await tries(), rows: await countRows(t, ['sessions']) };
    const login = await t.call(passcodeLoginCall, { passcode: '0000' }, { token });
    expect([login.status, login.reason]).toEqual([403, 'IMPERSONATION_CANNOT_SIGN_IN']);
    const set = await t.call(setPasscodeCall, { passcode: '2468', confirmPasscode: '2468' }, { token });
    expect([set.status, set.reason]).toEqual([403, 'IMPERSONATION_CANNOT_SIGN_IN']);
    expect({ tries: await tries(), rows: await countRows(t, ['sessions']) }).toEqual(before);
    expect(await profileReason(token)).toEqual([200, 'ok']);
  });
});

describe('sign-ins that act for the merchant', () => {
  it('are not created in an impersonation: no staff account, no device password', async () => {
    // Proves the way around the money rule is closed: a staff account or a device password made
    // by the administrator would outlive the impersonation and move money through another door.
    // The merchant's own session makes both (the fixture below resets a device password as the
    // merchant), so the refusal belongs to the impersonation.
    const device = await createTestDevice(t, merchant, [{ userId: merchant.id, settings: ['SALE'] }]);
    const { token } = await loginAsMerchant();
    const before = await countAllRows(t);
    const staff = await t.call(
      addMerchantStaffCall,
      {
        email: `admin-made-${Date.now()}@example.test`,
        phoneNumber: '971501234999',
        firstName: 'Shadow',
        lastName: 'Staff',
        password: 'Password123',
        confirmPassword: 'Password123',
        status: USER_STATUS.ACTIVE,
      },
      { token },
    );
    expect([staff.status, staff.reason]).toEqual([403, 'IMPERSONATION_CANNOT_CREATE_SIGN_INS']);
    const reset = await t.call(
      resetStaffPosdevicePasswordCall,
      { posDeviceId: device.posDeviceId, staffId: Number(merchant.id) },
      { token },
    );
    expect([reset.status, reset.reason]).toEqual([403, 'IMPERSONATION_CANNOT_CREATE_SIGN_INS']);
    // Only the two refused calls' impersonation rows were written.
    const after = await countAllRows(t);
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect([changed, after.audit_log! - before.audit_log!]).toEqual([['audit_log'], 2]);
    const stillWorks = await posApi(t, 'login', {
      deviceId: device.deviceId,
      username: device.logins[0]!.username,
      password: device.logins[0]!.password,
    });
    expect(stillWorks.status).toBe(200);
  });
});

describe('a live stream opened in the impersonation', () => {
  it('cannot be opened with a ticket once the administrator has signed out', async () => {
    // Proves the ticket is judged by the session rule when it is used, not only when it was
    // made: a ticket taken in the impersonation opens nothing after the administrator's logout.
    const { admin, token } = await loginAsMerchant();
    const ticket = await t.call(getEventsTicketCall, {}, { token });
    expect(ticket.status, ticket.message).toBe(200);
    expect((await t.call(logoutUserCall, {}, { token: admin.token })).status).toBe(200);
    const opened = await t.app.inject({ method: 'GET', url: `/api/events?ticket=${ticket.data.ticket}` });
    expect([opened.statusCode, (opened.json() as { reason?: string }).reason]).toEqual([401, 'EVENTS_TICKET_INVALID']);
  });

  it('ends with the administrator’s session', async () => {
    // Proves the hub judges a stream's session by the same rule as a call: the administrator's
    // logout ends the merchant stream the impersonation opened, at the next poll.
    const { admin, sessionId } = await loginAsMerchant();
    const hub = new NotificationHub(t.deps.db, t.deps.log, { pollMs: 60_000 });
    const ended: string[] = [];
    const stream: LiveStream = { send: () => {}, heartbeat: () => {}, end: (reason) => ended.push(reason) };
    try {
      const subscription = await hub.subscribe(merchant.id, sessionId, stream);
      expect('unsubscribe' in subscription).toBe(true);
      await hub.poll();
      expect(ended).toEqual([]);
      expect((await t.call(logoutUserCall, {}, { token: admin.token })).status).toBe(200);
      await hub.poll();
      expect(ended).toEqual(['SESSION_ENDED']);
      expect(hub.size).toBe(0);
    } finally {
      hub.close();
    }
  });
});
