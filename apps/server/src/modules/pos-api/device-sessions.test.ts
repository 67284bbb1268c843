// The POS device API's sign-in and sessions: a device login signs in with its device id,
// username and device password; every wrong name or password gets one and the same answer; an
// Inactive device and a person who is not Active are refused; tries are throttled per device and
// per IP; the token is stored only as its hash and stops working on logout, expiry, password
// reset, device deactivation, the person's deactivation and unassignment. The door answers
// `{ error: { code, message } }` for everything it refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managePosDevicesCall, resetStaffPosdevicePasswordCall, updatePosDeviceCall } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import { createTestDevice, deviceToken, posApi, type TestDevice } from '../../test/pos-device.ts';
import { sha256Hex } from '../../lib/secrets.ts';
import { POS_LOGIN_FAILURES_PER_DEVICE, POS_SESSION_LIFE_S } from './device-sessions.ts';

let t: TestApp;
let shop: TestMerchant;
let device: TestDevice;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createTestMerchant(t, { staff: [{ features: [] }, { features: [] }] });
  device = await createTestDevice(t, shop, [
    { userId: shop.staff[0]!.id, settings: ['SALE', 'REFUND'] },
    { userId: shop.id, settings: ['SALE', 'PRE_AUTH', 'CAPTURE', 'REFUND', 'VOID'] },
  ]);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

function loginBody(overrides: Partial<{ deviceId: string; username: string; password: string }> = {}) {
  const login = device.logins[0]!;
  return { deviceId: device.deviceId, username: login.username, password: login.password, ...overrides };
}

describe('POST /api/pos/v1/login', () => {
  it('answers a 256-bit token stored only as its hash, the device and the login operations, and audits the sign-in', async () => {
    const before = Date.now();
    const answer = await posApi(t, 'login', loginBody());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const channel = shop.stores[0]!.terminals[0]!.channels.find((c) => c.type === 'pos')!;
    expect(answer.body).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
      device: {
        id: device.deviceId,
        name: expect.stringMatching(/^Till /),
        storeName: shop.stores[0]!.name,
        terminalName: shop.stores[0]!.terminals[0]!.name,
        channelName: channel.name,
      },
      operations: ['SALE', 'REFUND'],
    });
    const expiresAt = new Date(answer.body.expiresAt as string).getTime();
    expect(expiresAt - before).toBeGreaterThanOrEqual(POS_SESSION_LIFE_S * 1000 - 1000);
    expect(expiresAt - before).toBeLessThanOrEqual(POS_SESSION_LIFE_S * 1000 + 5000);
    const token = answer.body.token as string;
    const rows = await t.deps.db
      .selectFrom('pos_device_sessions')
      .selectAll()
      .where('pos_device_id', '=', BigInt(device.posDeviceId))
      .execute();
    expect(rows.some((row) => row.token_hash === sha256Hex(token))).toBe(true);
    expect(rows.map((row) => Object.values(row).map(String).join('|')).join('\n')).not.toContain(token);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'acting_as', 'actor_user_id', 'on_behalf_of_user_id', 'subject_type', 'detail'])
      .where('action', '=', 'pos.login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      acting_as: 'staff',
      actor_user_id: shop.staff[0]!.id,
      on_behalf_of_user_id: shop.id,
      subject_type: 'pos_device_staff',
    });
    expect(JSON.stringify(audit.detail)).not.toContain(device.logins[0]!.password);
  });

  it('lets the main account sign in on a device it is assigned to, acting as itself', async () => {
    const answer = await posApi(t, 'login', loginBody({ username: device.logins[1]!.username, password: device.logins[1]!.password }));
    expect(answer.status).toBe(200);
    expect(answer.body.operations).toEqual(['SALE', 'PRE_AUTH', 'CAPTURE', 'REFUND', 'VOID']);
  });

  it('gives one answer to a wrong password, an unknown device, an unknown username and a login without a password', async () => {
    await t.deps.db.deleteFrom('rate_limits').execute();
    const wrongPassword = await posApi(t, 'login', loginBody({ password: 'Wrong1Password' }));
    const unknownDevice = await posApi(t, 'login', loginBody({ deviceId: 'NO-SUCH-DEVICE' }));
    const unknownUser = await posApi(t, 'login', loginBody({ username: 'nobody.1' }));
    const otherLogin = await posApi(t, 'login', loginBody({ username: device.logins[1]!.username }));
    const noPassword = await createTestDevice(t, shop, []);
    await t.call(
      managePosDevicesCall,
      { posDeviceId: noPassword.posDeviceId, staffIds: [Number(shop.staff[1]!.id)] },
      { token: shop.token },
    );
    const unset = await posApi(t, 'login', {
      deviceId: noPassword.deviceId,
      username: `staff.${shop.staff[1]!.id}`,
      password: 'Anything123',
    });
    const expected = { error: { code: 'POS_LOGIN_FAILED', message: 'The device id, username or password is incorrect.' } };
    for (const answer of [wrongPassword, unknownDevice, unknownUser, otherLogin, unset]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(expected);
    }
    const refused = await t.deps.db.selectFrom('audit_log').select('detail').where('action', '=', 'pos.login-refused').execute();
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(refused)).not.toContain('Wrong1Password');
  });

  it('refuses an Inactive device and a staff member who is not Active, even with the right password', async () => {
    await t.deps.db.deleteFrom('rate_limits').execute();
    const other = await createTestMerchant(t, { staff: [{ features: [] }] });
    const till = await createTestDevice(t, other, [{ userId: other.staff[0]!.id, settings: ['SALE'] }]);
    const body = { deviceId: till.deviceId, username: till.logins[0]!.username, password: till.logins[0]!.password };
    expect((await posApi(t, 'login', body)).status).toBe(200);

    await t.deps.db.updateTable('users').set({ status: 2 }).where('id', '=', other.staff[0]!.id).execute();
    const inactiveStaff = await posApi(t, 'login', body);
    expect(inactiveStaff.status).toBe(403);
    expect(inactiveStaff.body.error!.code).toBe('POS_STAFF_INACTIVE');
    await t.deps.db.updateTable('users').set({ status: 0 }).where('id', '=', other.staff[0]!.id).execute();
    expect((await posApi(t, 'login', body)).body.error!.code).toBe('POS_STAFF_INACTIVE');
    await t.deps.db.updateTable('users').set({ status: 1 }).where('id', '=', other.staff[0]!.id).execute();

    const deactivated = await t.call(
      updatePosDeviceCall,
      { posDeviceId: till.posDeviceId, deviceId: till.deviceId, serialId: 'SN-X', name: 'Till X', status: 0 },
      { token: other.token },
    );
    expect(deactivated.status, deactivated.message).toBe(200);
    const inactiveDevice = await posApi(t, 'login', body);
    expect(inactiveDevice.status).toBe(403);
    expect(inactiveDevice.body).toEqual({
      error: { code: 'POS_DEVICE_INACTIVE', message: 'This POS device is inactive. Please contact the account owner.' },
    });
  });

  it('refuses a bad body with the field messages, and unreadable JSON as a malformed request', async () => {
    const missing = await posApi(t, 'login', { deviceId: device.deviceId });
    expect(missing.status).toBe(400);
    expect(missing.body.error!.code).toBe('VALIDATION_FAILED');
    expect(missing.body.error!.fields).toEqual({ username: 'The username field is required', password: 'The password field is required' });
    const control = await posApi(t, 'login', loginBody({ username: 'a\u0000b' }));
    expect(control.status).toBe(400);
    expect(control.body.error!.code).toBe('VALIDATION_FAILED');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/pos/v1/login',
      payload: '{"deviceId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: { code: 'MALFORMED_REQUEST', message: 'The request could not be read.' } });
    const huge = await posApi(t, 'login', loginBody({ password: 'x'.repeat(20_000) }));
    expect(huge.status).toBe(400);
    expect(huge.body.error!.code).toBe('BODY_TOO_LARGE');
  });

  it('throttles tries per device: past the limit even the right password is refused with 429', async () => {
    await t.deps.db.deleteFrom('rate_limits').execute();
    const till = await createTestDevice(t, shop, [{ userId: shop.staff[1]!.id, settings: ['SALE'] }]);
    const body = { deviceId: till.deviceId, username: till.logins[0]!.username, password: till.logins[0]!.password };
    for (let i = 0; i < POS_LOGIN_FAILURES_PER_DEVICE; i++) {
      expect((await posApi(t, 'login', { ...body, password: `Wrong${i}Password` })).status).toBe(401);
    }
    const refused = await posApi(t, 'login', body);
    expect(refused.status).toBe(429);
    expect(refused.body.error!.code).toBe('TOO_MANY_SIGN_IN_ATTEMPTS');
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    // Another device is not held back by this one's tries.
    expect((await posApi(t, 'login', loginBody())).status).toBe(200);
    await t.deps.db.deleteFrom('rate_limits').execute();
  });

  it('throttles tries per IP across devices', async () => {
    await t.deps.db.deleteFrom('rate_limits').execute();
    for (let i = 0; i < 30; i++) {
      await posApi(t, 'login', { deviceId: `GUESS-${i % 5}`, username: 'x.1', password: 'Wrong1Password' }, { ip: '10.9.9.9' });
    }
    const refused = await posApi(t, 'login', loginBody(), { ip: '10.9.9.9' });
    expect(refused.status).toBe(429);
    expect((await posApi(t, 'login', loginBody(), { ip: '10.9.9.10' })).status).toBe(200);
    await t.deps.db.deleteFrom('rate_limits').execute();
  });
});

describe('device sessions', () => {
  async function session(token: string | undefined) {
    return posApi(t, 'session', undefined, { method: 'GET', ...(token ? { token } : {}) });
  }
  const ended = {
    error: { code: 'POS_SESSION_INVALID', message: 'The device session is missing, invalid or has ended. Please sign in again.' },
  };

  it('answers the device and the operations for a live token, and follows the terminal settings at once', async () => {
    const token = await deviceToken(t, device);
    const answer = await session(token);
    expect(answer.status).toBe(200);
    expect(answer.body.operations).toEqual(['SALE', 'REFUND']);
    await t.call(managePosDevicesCall, { posStaffId: device.logins[0]!.loginId, settings: ['SALE', 'VOID'] }, { token: shop.token });
    expect((await session(token)).body.operations).toEqual(['SALE', 'VOID']);
    await t.call(managePosDevicesCall, { posStaffId: device.logins[0]!.loginId, settings: ['SALE', 'REFUND'] }, { token: shop.token });
  });

  it('refuses a missing, malformed or unknown token, and a user session token', async () => {
    for (const token of [undefined, 'short', 'x'.repeat(43)]) {
      const answer = await session(token);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(ended);
    }
    expect((await session(shop.token)).body).toEqual(ended);
    const basic = await posApi(t, 'session', undefined, { method: 'GET', headers: { authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
  });

  it('ends on logout', async () => {
    const token = await deviceToken(t, device);
    const out = await posApi(t, 'logout', {}, { token });
    expect(out.status).toBe(200);
    expect((await session(token)).body).toEqual(ended);
    const row = await t.deps.db
      .selectFrom('pos_device_sessions')
      .select(['revoked_reason'])
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    expect(row.revoked_reason).toBe('logout');
  });

  it('ends when it expires', async () => {
    const token = await deviceToken(t, device);
    await t.deps.db
      .updateTable('pos_device_sessions')
      .set({ expires_at: new Date(Date.now() - 1000), created_at: new Date(Date.now() - 2000) })
      .where('token_hash', '=', sha256Hex(token))
      .execute();
    expect((await session(token)).body).toEqual(ended);
  });

  it('ends when the login password is reset, the person is deactivated, the device is deactivated or the login is removed', async () => {
    const other = await createTestMerchant(t, { staff: [{ features: [] }] });
    const staffId = other.staff[0]!.id;
    let till = await createTestDevice(t, other, [{ userId: staffId, settings: ['SALE'] }]);

    let token = await deviceToken(t, till);
    const reset = await t.call(
      resetStaffPosdevicePasswordCall,
      { posDeviceId: till.posDeviceId, staffId: Number(staffId) },
      { token: other.token },
    );
    expect(reset.status).toBe(200);
    expect((await session(token)).body).toEqual(ended);
    till = { ...till, logins: [{ ...till.logins[0]!, password: reset.data.password }] };

    token = await deviceToken(t, till);
    await t.deps.db.updateTable('users').set({ status: 2 }).where('id', '=', staffId).execute();
    expect((await session(token)).body).toEqual(ended);
    await t.deps.db.updateTable('users').set({ status: 1 }).where('id', '=', staffId).execute();
    // Made Active again, the person's old session stays ended.
    expect((await session(token)).body).toEqual(ended);

    token = await deviceToken(t, till);
    const off = { posDeviceId: till.posDeviceId, deviceId: till.deviceId, serialId: 'SN-1', name: 'Till 1' };
    expect((await t.call(updatePosDeviceCall, { ...off, status: 0 }, { token: other.token })).status).toBe(200);
    expect((await session(token)).body).toEqual(ended);
    expect((await t.call(updatePosDeviceCall, { ...off, status: 1 }, { token: other.token })).status).toBe(200);
    expect((await session(token)).body).toEqual(ended);

    const reasons = await t.deps.db
      .selectFrom('pos_device_sessions')
      .select('revoked_reason')
      .where('pos_device_id', '=', BigInt(till.posDeviceId))
      .orderBy('id')
      .execute();
    expect(reasons.map((row) => row.revoked_reason)).toEqual(['password-reset', 'staff-inactive', 'device-inactive']);

    token = await deviceToken(t, till);
    expect((await t.call(managePosDevicesCall, { posDeviceId: till.posDeviceId, staffIds: [] }, { token: other.token })).status).toBe(200);
    expect((await session(token)).body).toEqual(ended);
    // The login is gone, and its sessions with it.
    expect(
      await t.deps.db.selectFrom('pos_device_sessions').select('id').where('pos_device_id', '=', BigInt(till.posDeviceId)).execute(),
    ).toEqual([]);
  });
});

describe('the door', () => {
  it('answers an unknown path and method in its own error shape', async () => {
    const unknown = await posApi(t, 'no-such-thing', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'POS_ROUTE_NOT_FOUND', message: 'Not found.' } });
    const getLogin = await posApi(t, 'login', undefined, { method: 'GET' });
    expect(getLogin.status).toBe(404);
    expect(getLogin.body.error!.code).toBe('POS_ROUTE_NOT_FOUND');
  });
});
