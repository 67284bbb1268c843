// A staff member signs in through the same flow as everyone (code, password, then the passcode
// they set at the first sign-in), only while Active: Pending, Inactive and Suspended staff are
// refused at the password step by name, and a status change ends a signed-in member's session.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMerchantStaffCall,
  getDashboardFeatureListCall,
  getMerchantStaffCall,
  getTransactionsCall,
  loginCall,
  manageMerchantStaffFeaturesCall,
  setPasscodeCall,
  updateMerchantStaffCall,
} from '@paywallet/contract';
import { createTestApp, proveEmail, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';

let t: TestApp;
let shop: TestMerchant;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createTestMerchant(t);
});
afterAll(async () => t.close());

async function login(email: string, password: string) {
  await proveEmail(t, email);
  return t.call(loginCall, { email, password });
}

describe('staff sign-in', () => {
  it('refuses a staff member who is not Active, lets an Active one in to set a passcode, and ends the session on suspension', async () => {
    // Proves the sign-in rule for each staff status, the first-sign-in passcode step, the menu
    // of the granted features only, and that suspending a signed-in member ends their session.
    const email = `sign-in.staff.${Date.now()}@test.paywallet.local`;
    const password = 'Staff1234';
    const added = await t.call(
      addMerchantStaffCall,
      {
        email,
        phoneNumber: `97158${crypto.randomInt(1_000_000, 9_999_999)}`,
        firstName: 'Huda',
        lastName: 'Nasser',
        password,
        confirmPassword: password,
        status: 0,
      },
      { token: shop.token },
    );
    expect(added.status, added.message).toBe(200);
    const userId = added.data.id;
    const setStatus = async (status: number) => {
      const answer = await t.call(
        updateMerchantStaffCall,
        { userId, firstName: 'Huda', lastName: 'Nasser', status },
        { token: shop.token },
      );
      expect(answer.status, answer.message).toBe(200);
    };

    const pending = await login(email, password);
    expect({ status: pending.status, reason: pending.reason, message: pending.message }).toEqual({
      status: 403,
      reason: 'STAFF_NOT_ACTIVE',
      message: 'Your staff account is not active. Please ask the account owner to activate it.',
    });

    await setStatus(1);
    const features = await t.deps.db.selectFrom('features').select(['id', 'slug']).where('slug', 'in', ['transactions']).execute();
    const granted = await t.call(manageMerchantStaffFeaturesCall, { userId, featureId: features.map((f) => f.id) }, { token: shop.token });
    expect(granted.status).toBe(200);

    const signedIn = await login(email, password);
    expect(signedIn.status, signedIn.message).toBe(200);
    expect(signedIn.data).toMatchObject({ passcode_set: 0, userKyc: 0, kycFlow: null });
    const full = await t.call(setPasscodeCall, { passcode: '2468', confirmPasscode: '2468' }, { token: signedIn.data.accessToken });
    expect(full.status, full.message).toBe(200);
    const token = full.data.accessToken;
    const menu = await t.call(getDashboardFeatureListCall, {}, { token });
    expect(menu.data.flatMap((group) => group.features.map((feature) => feature.slug))).toEqual(['transactions']);
    expect((await t.call(getTransactionsCall, {}, { token })).status).toBe(200);
    const notGranted = await t.call(getMerchantStaffCall, {}, { token });
    expect({ status: notGranted.status, reason: notGranted.reason }).toEqual({ status: 403, reason: 'FEATURE_NOT_GRANTED' });

    await setStatus(3);
    const ended = await t.call(getTransactionsCall, {}, { token });
    expect(ended.status).toBe(401);
    for (const status of [3, 2]) {
      await setStatus(status);
      const refused = await login(email, password);
      expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 403, reason: 'STAFF_NOT_ACTIVE' });
    }
  });

  it('ends the session of a staff member whose status was changed outside the calls', async () => {
    // Proves the session check itself: a staff member not Active has no live session, whatever changed the row.
    const merchant = await createTestMerchant(t, { staff: [{ features: ['transactions'] }] });
    const member = merchant.staff[0]!;
    expect((await t.call(getTransactionsCall, {}, { token: member.token })).status).toBe(200);
    await t.deps.db.updateTable('users').set({ status: 0 }).where('id', '=', member.id).execute();
    const refused = await t.call(getTransactionsCall, {}, { token: member.token });
    expect(refused.status).toBe(401);
  });
});
