// DECISIONS 24: the code a successful reset-password or reset-passcode consumed counts as the
// e-mail step, so the user signs in right after the reset without asking for another code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginCall,
  passcodeLoginCall,
  resetPasscodeCall,
  resetPasswordCall,
  setPasscodeCall,
  verifyEmailGeneralCall,
} from '@paywallet/contract';
import {
  countRows,
  createTestApp,
  forgetSendLimits,
  latestCode,
  proveEmail,
  signUp,
  VALID_SIGN_UP,
  type TestApp,
} from '../../test/harness.ts';

const SIGN_IN_WRITES = ['sessions', 'email_verifications'] as const;

describe('signing in right after a reset', () => {
  let t: TestApp;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A merchant with a passcode and no e-mail proof left (sign-up used it up). */
  async function person(label: string) {
    serial += 1;
    const email = `${label}-${serial}@example.com`;
    const passwordToken = await signUp(t, email, { phone: `53${String(serial).padStart(7, '0')}` });
    const set = await t.call(setPasscodeCall, { passcode: '4321', confirmPasscode: '4321' }, { token: passwordToken });
    expect(set.code).toBe(200);
    return { email, password: VALID_SIGN_UP.password, passcode: '4321' };
  }

  async function resetCode(email: string, type: 1 | 2): Promise<string> {
    await forgetSendLimits(t, email);
    const asked = await t.call(verifyEmailGeneralCall, { email, type });
    expect(asked.code).toBe(200);
    return latestCode(t, email);
  }

  async function hasProof(email: string): Promise<boolean> {
    const row = await t.deps.db.selectFrom('email_verifications').select('email').where('email', '=', email).executeTakeFirst();
    return row !== undefined;
  }

  it('signs in with the new password right after reset-password, with no other code', async () => {
    // Proves the reset code counts as the e-mail step: login (password) then passcode-login
    // succeed at once, and the proof it left opens one sign-in only.
    const who = await person('reset-pw-sign-in');
    const before = await countRows(t, SIGN_IN_WRITES);
    const withoutCode = await t.call(loginCall, { email: who.email, password: who.password });
    expect(withoutCode.status).toBe(422);
    expect(withoutCode.reason).toBe('EMAIL_NOT_PROVEN');
    expect(await countRows(t, SIGN_IN_WRITES)).toEqual(before);

    const otp = await resetCode(who.email, 1);
    const reset = await t.call(resetPasswordCall, { email: who.email, password: 'Fresh2468', confirmPassword: 'Fresh2468', otp });
    expect(reset.status).toBe(200);
    expect(await hasProof(who.email)).toBe(true);

    const login = await t.call(loginCall, { email: who.email, password: 'Fresh2468' });
    expect(login.status).toBe(200);
    expect(login.data.passcode_set).toBe(1);
    const passcode = await t.call(passcodeLoginCall, { passcode: who.passcode }, { token: login.data.accessToken });
    expect(passcode.status).toBe(200);

    // The proof was used by that sign-in: a second password sign-in asks for a code again.
    expect(await hasProof(who.email)).toBe(false);
    const again = await t.call(loginCall, { email: who.email, password: 'Fresh2468' });
    expect(again.reason).toBe('EMAIL_NOT_PROVEN');
  });

  it('leaves no proof when the reset is refused', async () => {
    // Proves only a successful reset counts as the e-mail step: a wrong code proves nothing.
    const who = await person('reset-pw-refused');
    const otp = await resetCode(who.email, 1);
    const wrong = await t.call(resetPasswordCall, {
      email: who.email,
      password: 'Fresh2468',
      confirmPassword: 'Fresh2468',
      otp: otp === '000000' ? '111111' : '000000',
    });
    expect(wrong.reason).toBe('OTP_WRONG');
    expect(await hasProof(who.email)).toBe(false);
    const login = await t.call(loginCall, { email: who.email, password: who.password });
    expect(login.reason).toBe('EMAIL_NOT_PROVEN');
  });

  it('signs in with the new passcode right after reset-passcode from a password-stage session', async () => {
    // Proves the password-stage session survives the passcode reset and takes the new passcode.
    const who = await person('reset-pin-session');
    const otp = await resetCode(who.email, 2);
    // The password step before the reset used a sign-in code; the reset needs its own.
    await proveEmail(t, who.email);
    const login = await t.call(loginCall, { email: who.email, password: who.password });
    expect(login.status).toBe(200);
    const reset = await t.call(resetPasscodeCall, { email: who.email, passcode: '8642', confirmPasscode: '8642', otp });
    expect(reset.status).toBe(200);
    const old = await t.call(passcodeLoginCall, { passcode: who.passcode }, { token: login.data.accessToken });
    expect(old.reason).toBe('PASSCODE_INCORRECT');
    const fresh = await t.call(passcodeLoginCall, { passcode: '8642' }, { token: login.data.accessToken });
    expect(fresh.status).toBe(200);
  });

  it('signs in with password and new passcode right after reset-passcode without a session, with no other code', async () => {
    // Proves a passcode reset done without a password-stage session (it expired, or the reset
    // was made on another device) lets the password step follow at once.
    const who = await person('reset-pin-no-session');
    const otp = await resetCode(who.email, 2);
    const reset = await t.call(resetPasscodeCall, { email: who.email, passcode: '8642', confirmPasscode: '8642', otp });
    expect(reset.status).toBe(200);
    const login = await t.call(loginCall, { email: who.email, password: who.password });
    expect(login.status).toBe(200);
    const passcode = await t.call(passcodeLoginCall, { passcode: '8642' }, { token: login.data.accessToken });
    expect(passcode.status).toBe(200);
  });
});
