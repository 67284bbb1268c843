// Signing in with a phone in place of the e-mail (DECISIONS 26): the e-mail step, the code, the
// password and the resets take the phone; the code goes to the e-mail of the account holding
// it, and the client never needs that address. Known and unknown phones get the same answers
// wherever known and unknown e-mails do (the reset request, the code, the password); the
// e-mail step tells an unknown phone, as it tells an unknown e-mail by accountExist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginCall,
  passcodeLoginCall,
  resetPasswordCall,
  RESET_TYPE,
  verifyEmailCall,
  verifyEmailGeneralCall,
  verifyOtpCall,
} from '@paywallet/contract';
import {
  countAllRows,
  countRows,
  createTestApp,
  DEMO_CONSUMER,
  fieldErrors,
  forgetSendLimits,
  latestCode,
  type TestAnswer,
  type TestApp,
} from '../../test/harness.ts';

/** The demo consumer's phone, as stored, and as a person might type it. */
const PHONE = '+971509876543';
const PHONE_TYPED = '+971 50-987 6543';
const UNKNOWN_PHONE = '+971500000999';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** What a caller can compare between two answers. */
const seen = (answer: TestAnswer<unknown>) => ({
  status: answer.status,
  code: answer.code,
  reason: answer.reason,
  message: answer.message,
  data: answer.data,
});

async function mailsTo(email: string): Promise<number> {
  const row = await t.deps.db
    .selectFrom('outbox_emails')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('to_address', '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('signing in with a phone', () => {
  it('goes through the code, the password and the passcode with the phone alone', async () => {
    // Proves the whole sign-in works with the phone typed in any usual form, the code mailed to
    // the account's own e-mail.
    await forgetSendLimits(t, DEMO_CONSUMER.email);
    const mailsBefore = await mailsTo(DEMO_CONSUMER.email);
    const sent = await t.call(verifyEmailCall, { email: PHONE_TYPED });
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({ otpVerification: 1, accountExist: 1 });
    expect(await mailsTo(DEMO_CONSUMER.email)).toBe(mailsBefore + 1);
    const verified = await t.call(verifyOtpCall, { email: PHONE, otp: await latestCode(t, DEMO_CONSUMER.email) });
    expect(verified.status).toBe(200);
    expect(verified.data).toEqual({ accountExist: 1 });
    const login = await t.call(loginCall, { email: '971509876543', password: DEMO_CONSUMER.password });
    expect(login.status).toBe(200);
    const passcode = await t.call(passcodeLoginCall, { passcode: DEMO_CONSUMER.passcode }, { token: login.data.accessToken });
    expect(passcode.status).toBe(200);
    expect(passcode.data.user.email).toBe(DEMO_CONSUMER.email);
  });

  it('shares the limits of the e-mail it stands for', async () => {
    // Proves a phone is not a second name with limits of its own: a code asked for by phone
    // counts against the e-mail's resend gap.
    await forgetSendLimits(t, DEMO_CONSUMER.email);
    expect((await t.call(verifyEmailCall, { email: DEMO_CONSUMER.email })).status).toBe(200);
    const again = await t.call(verifyEmailCall, { email: PHONE });
    expect({ status: again.status, reason: again.reason }).toEqual({ status: 429, reason: 'CODE_RESEND_TOO_SOON' });
  });

  it('tells an unknown phone at the e-mail step, sending nothing', async () => {
    // Proves a phone no account holds gets a named refusal on the e-mail field (there is no
    // sign-up by phone, so no code to send), and no mail leaves.
    const before = await countRows(t, ['outbox_emails', 'otps']);
    const refused = await t.call(verifyEmailCall, { email: UNKNOWN_PHONE });
    expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 422, reason: 'PHONE_NOT_REGISTERED' });
    expect(fieldErrors(refused).email).toBe('No account uses this phone number.');
    expect(await countRows(t, ['outbox_emails', 'otps'])).toEqual(before);
  });

  it('answers known and unknown phones the same at the code, the password, the reset and the reset request', async () => {
    // Proves the steps that do not tell known e-mails from unknown ones do not tell phones
    // apart either, and write nothing for either; only the known phone's account gets a mail.
    await forgetSendLimits(t, DEMO_CONSUMER.email);
    await forgetSendLimits(t, UNKNOWN_PHONE);
    await t.deps.db.deleteFrom('email_verifications').where('email', '=', DEMO_CONSUMER.email).execute();
    await t.deps.db.updateTable('otps').set({ burned_at: new Date() }).where('email', '=', DEMO_CONSUMER.email).execute();
    const before = await countAllRows(t);

    // No code is open for either: a code is refused alike.
    const codeKnown = await t.call(verifyOtpCall, { email: PHONE, otp: '123456' });
    const codeUnknown = await t.call(verifyOtpCall, { email: UNKNOWN_PHONE, otp: '123456' });
    expect(seen(codeUnknown)).toEqual(seen(codeKnown));
    expect(codeKnown.reason).toBe('OTP_INVALID');

    // Neither has been through the e-mail step: a password is refused alike, before any is tried.
    const passwordKnown = await t.call(loginCall, { email: PHONE, password: 'Wrong1234' }, { ip: '203.0.113.8' });
    const passwordUnknown = await t.call(loginCall, { email: UNKNOWN_PHONE, password: 'Wrong1234' }, { ip: '203.0.113.8' });
    expect(seen(passwordUnknown)).toEqual(seen(passwordKnown));
    expect(passwordKnown.reason).toBe('EMAIL_NOT_PROVEN');

    // A reset with a made-up code: refused alike.
    const body = { password: 'NewSecret1', confirmPassword: 'NewSecret1', otp: '000000' };
    const newKnown = await t.call(resetPasswordCall, { email: PHONE, ...body });
    const newUnknown = await t.call(resetPasswordCall, { email: UNKNOWN_PHONE, ...body });
    expect(seen(newUnknown)).toEqual(seen(newKnown));
    expect(newKnown.reason).toBe('OTP_INVALID');
    expect(await countAllRows(t)).toEqual(before);

    // The reset request: the same answer; the mail goes only to the known phone's account.
    const mailsBefore = await mailsTo(DEMO_CONSUMER.email);
    const resetKnown = await t.call(verifyEmailGeneralCall, { email: PHONE, type: RESET_TYPE.PASSWORD });
    const resetUnknown = await t.call(verifyEmailGeneralCall, { email: UNKNOWN_PHONE, type: RESET_TYPE.PASSWORD }, { ip: '203.0.113.7' });
    expect(seen(resetUnknown)).toEqual(seen(resetKnown));
    expect(resetKnown.status).toBe(200);
    expect(await mailsTo(DEMO_CONSUMER.email)).toBe(mailsBefore + 1);
    expect(await mailsTo(UNKNOWN_PHONE)).toBe(0);
  });

  it('refuses what is neither an e-mail nor a phone, with the rule it breaks', async () => {
    // Proves the field's two readings: digits that are too few for a phone get the phone's
    // message, anything else the e-mail's.
    const short = await t.call(verifyEmailCall, { email: '+97150' });
    expect(fieldErrors(short).email).toBe('Phone number must be between 9 and 15 digits');
    const broken = await t.call(verifyEmailCall, { email: 'nadia@' });
    expect(fieldErrors(broken).email).toBe('The email must be a valid email address');
  });
});
