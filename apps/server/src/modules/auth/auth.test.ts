import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getDashboardFeatureListCall,
  getUserKycCall,
  getUserProfileCall,
  getWalletListCall,
  loginCall,
  logoutUserCall,
  manageUserKycCall,
  passcodeLoginCall,
  registerCall,
  resetPasscodeCall,
  resetPasswordCall,
  setPasscodeCall,
  verifyEmailCall,
  verifyEmailGeneralCall,
  verifyOtpCall,
} from '@paywallet/contract';
import { solveChallenge } from 'altcha-lib';
import {
  countRows,
  createTestApp,
  DEMO_MERCHANT,
  fieldErrors,
  forgetSendLimits,
  latestCode,
  proveEmail,
  refusalData,
  signUp,
  VALID_SIGN_UP,
  type TestApp,
} from '../../test/harness.ts';

const WRITES = ['users', 'sessions', 'otps', 'outbox_emails', 'email_verifications', 'wallets'] as const;
const PASSCODE_STAGE_ONLY = 'Please enter your passcode to continue.';

interface Person {
  email: string;
  password: string;
  passcode: string;
}

describe('auth', () => {
  let t: TestApp;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const nextEmail = (label: string) => `${label}-${++serial}@example.com`;
  /** A 9-digit local number no other user of this file holds. */
  const nextPhone = () => `52${String(++serial).padStart(7, '0')}`;

  async function outboxCount(email: string): Promise<number> {
    const row = await t.deps.db
      .selectFrom('outbox_emails')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function sendCode(email: string, ip?: string) {
    await forgetSendLimits(t, email);
    return t.call(verifyEmailCall, { email }, ip ? { ip } : {});
  }

  async function userRow(email: string) {
    return t.deps.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  }

  /** Code, then password: the password-stage token. */
  async function passwordStage(who: Pick<Person, 'email' | 'password'>): Promise<string> {
    await proveEmail(t, who.email);
    const login = await t.call(loginCall, { email: who.email, password: who.password });
    expect(login.code).toBe(200);
    return login.data.accessToken;
  }

  /** A new merchant who has set a passcode; returns the person and a full-stage token. */
  async function fullUser(label: string): Promise<Person & { token: string }> {
    const email = nextEmail(label);
    const passwordToken = await signUp(t, email, { phone: nextPhone() });
    const set = await t.call(setPasscodeCall, { passcode: '4321', confirmPasscode: '4321' }, { token: passwordToken });
    expect(set.code).toBe(200);
    return { email, password: VALID_SIGN_UP.password, passcode: '4321', token: set.data.accessToken };
  }

  describe('verify-email', () => {
    it('sends a 6-digit code to a new e-mail and answers accountExist 0', async () => {
      // Proves a new address gets otpVerification 1, accountExist 0 and one e-mail with the code.
      const email = nextEmail('new');
      const sent = await sendCode(email);
      expect(sent.status).toBe(200);
      expect(sent.data).toEqual({ otpVerification: 1, accountExist: 0 });
      expect(await outboxCount(email)).toBe(1);
      const mail = await t.deps.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
      const code = /\b(\d{6})\b/.exec(mail.text_body)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(mail.subject).toContain(code);
      // The code is stored only as a hash.
      const otp = await t.deps.db.selectFrom('otps').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(otp.purpose).toBe('sign-in');
      expect(otp.code_hash).not.toContain(code);
      expect(new Date(otp.expires_at).getTime() - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    });

    it('answers accountExist 1 for an existing account, reading the e-mail case-insensitively', async () => {
      // Proves an existing address is recognised and the code goes to the normalised address.
      const sent = await sendCode(DEMO_MERCHANT.email.toUpperCase());
      expect(sent.status).toBe(200);
      expect(sent.data).toEqual({ otpVerification: 1, accountExist: 1 });
      expect(await latestCode(t, DEMO_MERCHANT.email)).toMatch(/^\d{6}$/);
    });

    it('refuses an invalid, empty or missing e-mail and sends nothing', async () => {
      // Proves the e-mail rules and their messages, with nothing written.
      const before = await countRows(t, WRITES);
      const invalid = await t.call(verifyEmailCall, { email: 'not-an-email' });
      expect(invalid.status).toBe(400);
      expect(invalid.message).toBe('The email must be a valid email address');
      expect(fieldErrors(invalid)).toEqual({ email: 'The email must be a valid email address' });
      const empty = await t.call(verifyEmailCall, { email: '' });
      expect(empty.status).toBe(400);
      expect(empty.message).toBe('The email field is required');
      const blank = await t.call(verifyEmailCall, { email: '   ' });
      expect(blank.message).toBe('The email field is required');
      const missing = await t.post(verifyEmailCall.path, {});
      expect(missing.status).toBe(400);
      expect(missing.message).toBe('The email field is required');
      expect(await countRows(t, WRITES)).toEqual(before);
    });

    it('refuses a second send within 10 seconds with 429 and Retry-After, sending nothing', async () => {
      // Proves the resend gap: no second code, no second e-mail.
      const email = nextEmail('gap');
      expect((await sendCode(email)).status).toBe(200);
      const before = await countRows(t, ['otps', 'outbox_emails']);
      const again = await t.call(verifyEmailCall, { email });
      expect(again.status).toBe(429);
      expect(again.code).toBe(429);
      const retryAfter = Number(again.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(10);
      expect(refusalData(again).retryAfter).toBe(retryAfter);
      expect(await countRows(t, ['otps', 'outbox_emails'])).toEqual(before);
      expect(await outboxCount(email)).toBe(1);
      // The gap covers the reset e-mail call too: it shares the sending limits.
      const reset = await t.call(verifyEmailGeneralCall, { email, type: 1 });
      expect(reset.status).toBe(429);
    });

    it('allows 5 codes per e-mail in 15 minutes and refuses the 6th', async () => {
      // Proves the window limit, skipping only the 10-second gap between sends.
      const email = nextEmail('window');
      const skipGap = () => t.deps.db.deleteFrom('rate_limits').where('key', '=', `otp-gap:${email}`).execute();
      for (let send = 1; send <= 5; send++) {
        await skipGap();
        expect((await t.call(verifyEmailCall, { email })).status).toBe(200);
      }
      expect(await outboxCount(email)).toBe(5);
      await skipGap();
      const before = await countRows(t, ['otps', 'outbox_emails']);
      const sixth = await t.call(verifyEmailCall, { email });
      expect(sixth.status).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(10);
      expect(await countRows(t, ['otps', 'outbox_emails'])).toEqual(before);
    });

    it('limits the codes one IP address may request across e-mails', async () => {
      // Proves the per-IP send limit (30 per window) refuses the 31st address from one IP.
      const ip = '198.51.100.7';
      for (let send = 1; send <= 30; send++) {
        expect((await t.call(verifyEmailCall, { email: nextEmail('ip-send') }, { ip })).status).toBe(200);
      }
      const email = nextEmail('ip-send');
      const refused = await t.call(verifyEmailCall, { email }, { ip });
      expect(refused.status).toBe(429);
      expect(await outboxCount(email)).toBe(0);
      // The refused send still started the e-mail's 10-second gap; let it pass.
      await t.deps.db.deleteFrom('rate_limits').where('key', '=', `otp-gap:${email}`).execute();
      const otherIp = await t.call(verifyEmailCall, { email }, { ip: '198.51.100.8' });
      expect(otherIp.status).toBe(200);
    });
  });

  describe('verify-otp', () => {
    it('accepts the right code and answers whether an account exists', async () => {
      // Proves a right code proves the e-mail (a short-lived proof row) for new and existing addresses.
      const email = nextEmail('otp-ok');
      await sendCode(email);
      const fresh = await t.call(verifyOtpCall, { email, otp: await latestCode(t, email) });
      expect(fresh.status).toBe(200);
      expect(fresh.data).toEqual({ accountExist: 0 });
      const proof = await t.deps.db.selectFrom('email_verifications').selectAll().where('email', '=', email).executeTakeFirst();
      expect(proof).toBeDefined();

      await sendCode(DEMO_MERCHANT.email);
      const existing = await t.call(verifyOtpCall, { email: DEMO_MERCHANT.email, otp: await latestCode(t, DEMO_MERCHANT.email) });
      expect(existing.data).toEqual({ accountExist: 1 });
    });

    it('refuses a wrong code with 422 and proves nothing', async () => {
      // Proves a wrong code is refused and leaves no e-mail proof.
      const email = nextEmail('otp-wrong');
      await sendCode(email);
      const code = await latestCode(t, email);
      const wrong = code === '000000' ? '111111' : '000000';
      const refused = await t.call(verifyOtpCall, { email, otp: wrong });
      expect(refused.status).toBe(422);
      expect(refused.reason).toBe('OTP_WRONG');
      expect(refused.message).toBe('The code is incorrect.');
      const proof = await t.deps.db.selectFrom('email_verifications').select('email').where('email', '=', email).executeTakeFirst();
      expect(proof).toBeUndefined();
    });

    it('burns a code after 5 wrong tries, so even the right code then fails', async () => {
      // Proves the 5-wrong-tries rule of the one-time code.
      const email = nextEmail('otp-burn');
      await sendCode(email);
      const code = await latestCode(t, email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt <= 4; attempt++) {
        const refused = await t.call(verifyOtpCall, { email, otp: wrong });
        expect(refused.status).toBe(422);
        expect(refused.reason).toBe('OTP_WRONG');
      }
      const fifth = await t.call(verifyOtpCall, { email, otp: wrong });
      expect(fifth.status).toBe(422);
      expect(fifth.reason).toBe('OTP_BURNED');
      const right = await t.call(verifyOtpCall, { email, otp: code });
      expect(right.status).toBe(422);
      expect(right.reason).toBe('OTP_INVALID');
      const proof = await t.deps.db.selectFrom('email_verifications').select('email').where('email', '=', email).executeTakeFirst();
      expect(proof).toBeUndefined();
    });

    it('refuses an expired code', async () => {
      // Proves a code past its 10 minutes no longer works.
      const email = nextEmail('otp-expired');
      await sendCode(email);
      const code = await latestCode(t, email);
      await t.deps.db
        .updateTable('otps')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('email', '=', email)
        .execute();
      const refused = await t.call(verifyOtpCall, { email, otp: code });
      expect(refused.status).toBe(422);
      expect(refused.reason).toBe('OTP_INVALID');
      const proof = await t.deps.db.selectFrom('email_verifications').select('email').where('email', '=', email).executeTakeFirst();
      expect(proof).toBeUndefined();
    });

    it('accepts a code once only', async () => {
      // Proves single use: the second use of the same code fails.
      const email = nextEmail('otp-once');
      await sendCode(email);
      const code = await latestCode(t, email);
      expect((await t.call(verifyOtpCall, { email, otp: code })).status).toBe(200);
      const again = await t.call(verifyOtpCall, { email, otp: code });
      expect(again.status).toBe(422);
      expect(again.reason).toBe('OTP_INVALID');
    });

    it('stops an older code working once a newer one is sent', async () => {
      // Proves a fresh code invalidates the one before it.
      const email = nextEmail('otp-newer');
      await sendCode(email);
      const older = await latestCode(t, email);
      let newer = older;
      // Two random codes can (rarely) be equal; ask again until they differ.
      for (let tries = 0; newer === older && tries < 4; tries++) {
        await sendCode(email);
        newer = await latestCode(t, email);
      }
      expect(newer).not.toBe(older);
      const stale = await t.call(verifyOtpCall, { email, otp: older });
      expect(stale.status).toBe(422);
      const current = await t.call(verifyOtpCall, { email, otp: newer });
      expect(current.status).toBe(200);
    });

    it('does not accept a code sent for another e-mail or another purpose', async () => {
      // Proves codes are bound to their address and purpose.
      const first = nextEmail('otp-bound-a');
      const second = nextEmail('otp-bound-b');
      await sendCode(first);
      await sendCode(second);
      const firstCode = await latestCode(t, first);
      const secondCode = await latestCode(t, second);
      if (firstCode !== secondCode) {
        expect((await t.call(verifyOtpCall, { email: second, otp: firstCode })).status).toBe(422);
      }
      // A reset-password code does not prove an e-mail for sign-in.
      await forgetSendLimits(t, DEMO_MERCHANT.email);
      await t.call(verifyEmailGeneralCall, { email: DEMO_MERCHANT.email, type: 1 });
      const resetCode = await latestCode(t, DEMO_MERCHANT.email);
      await t.deps.db
        .updateTable('otps')
        .set({ burned_at: new Date() })
        .where('email', '=', DEMO_MERCHANT.email)
        .where('purpose', '=', 'sign-in')
        .execute();
      const refused = await t.call(verifyOtpCall, { email: DEMO_MERCHANT.email, otp: resetCode });
      expect(refused.status).toBe(422);
      expect(refused.reason).toBe('OTP_INVALID');
    });

    it('validates the otp field', async () => {
      // Proves the otp messages: required, and exactly 6 digits.
      const before = await countRows(t, WRITES);
      const email = 'otp-rules@example.com';
      for (const body of [{ email }, { email, otp: '' }, { email, otp: '  ' }]) {
        const refused = await t.post(verifyOtpCall.path, body);
        expect(refused.status).toBe(400);
        expect(refused.message).toBe('The otp field is required');
      }
      for (const otp of ['12345', '1234567', '12345a', '12 456']) {
        const refused = await t.call(verifyOtpCall, { email, otp });
        expect(refused.status).toBe(400);
        expect(fieldErrors(refused).otp).toBe('The otp must be 6 digits');
      }
      expect(await countRows(t, WRITES)).toEqual(before);
    });
  });

  describe('register', () => {
    it('creates a pending merchant with a default AED wallet and a password-stage token', async () => {
      // Proves a successful sign-up: token, user view, proof used up, one default AED wallet.
      const email = nextEmail('register');
      const phone = nextPhone();
      await proveEmail(t, email);
      const created = await t.call(registerCall, { ...VALID_SIGN_UP, email, phone });
      expect(created.status).toBe(200);
      expect(created.data.accessToken).toEqual(expect.any(String));
      expect(created.data.user).toMatchObject({
        email,
        status: 0,
        passcode_set: 0,
        type: 'merchant',
        first_name: VALID_SIGN_UP.firstName,
        phone_number: `+971${phone}`,
      });
      const proof = await t.deps.db.selectFrom('email_verifications').select('email').where('email', '=', email).executeTakeFirst();
      expect(proof).toBeUndefined();
      const row = await userRow(email);
      expect(row.password_hash).not.toContain(VALID_SIGN_UP.password);

      const set = await t.call(setPasscodeCall, { passcode: '1357', confirmPasscode: '1357' }, { token: created.data.accessToken });
      expect(set.status).toBe(200);
      const wallets = await t.call(getWalletListCall, {}, { token: set.data.accessToken });
      expect(wallets.status).toBe(200);
      expect(wallets.data).toHaveLength(1);
      expect(wallets.data[0]).toMatchObject({ is_default: 1, currency: { code: 'AED' }, available_balance: 0 });
    });

    it('refuses to register an e-mail that was not proven by a code, writing nothing', async () => {
      // Proves sign-up needs the e-mail step, and that an expired proof does not count.
      const before = await countRows(t, WRITES);
      const refused = await t.call(registerCall, { ...VALID_SIGN_UP, email: nextEmail('unproven'), phone: nextPhone() });
      expect(refused.status).toBe(422);
      expect(refused.reason).toBe('EMAIL_NOT_PROVEN');
      expect(await countRows(t, WRITES)).toEqual(before);

      const email = nextEmail('stale-proof');
      await proveEmail(t, email);
      await t.deps.db
        .updateTable('email_verifications')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('email', '=', email)
        .execute();
      const afterProof = await countRows(t, WRITES);
      const stale = await t.call(registerCall, { ...VALID_SIGN_UP, email, phone: nextPhone() });
      expect(stale.status).toBe(422);
      expect(stale.reason).toBe('EMAIL_NOT_PROVEN');
      expect(await countRows(t, WRITES)).toEqual(afterProof);
    });

    it('applies every sign-up rule with its message and writes nothing', async () => {
      // Proves the sign-up validation messages of the spec (names, password, confirm, phone, required fields).
      const email = nextEmail('rules');
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ firstName: 'L' }, 'firstName', 'The first name must be at least 2 characters'],
        [{ firstName: 'L1na' }, 'firstName', 'The first name may only contain letters and spaces'],
        [{ firstName: '' }, 'firstName', 'The first name field is required'],
        [{ lastName: 'F' }, 'lastName', 'The last name must be at least 2 characters'],
        [{ lastName: 'Far-ouk' }, 'lastName', 'The last name may only contain letters and spaces'],
        [{ businessName: '' }, 'businessName', 'The business name field is required'],
        [
          { password: 'secret123', confirmPassword: 'secret123' },
          'password',
          'Password must contain at least one number, uppercase and lowercase character',
        ],
        [
          { password: 'SECRET123', confirmPassword: 'SECRET123' },
          'password',
          'Password must contain at least one number, uppercase and lowercase character',
        ],
        [
          { password: 'SecretPass', confirmPassword: 'SecretPass' },
          'password',
          'Password must contain at least one number, uppercase and lowercase character',
        ],
        [{ password: 'Se1', confirmPassword: 'Se1' }, 'password', 'The password must be at least 5 characters'],
        [{ confirmPassword: 'Secret124' }, 'confirmPassword', 'The confirm password and password must match'],
        [{ phone: '50111a233' }, 'phone', 'Only numeric characters are allowed'],
        [{ phone: '000111223' }, 'phone', 'Invalid phone number'],
        [{ phone: '50111' }, 'phone', 'Phone number must be between 9 and 15 digits'],
        [{ phone: '5011122334455667' }, 'phone', 'Phone number must be between 9 and 15 digits'],
        [{ phone: '' }, 'phone', '*Phone Field is required'],
        [{ phone: undefined }, 'phone', '*Phone Field is required'],
        [{ carrierCode: '' }, 'carrierCode', 'The carrier code field is required'],
        [{ email: 'bad' }, 'email', 'The email must be a valid email address'],
        [{ type: 'consumer' }, 'type', 'The selected type is invalid'],
      ];
      await proveEmail(t, email);
      const before = await countRows(t, WRITES);
      for (const [change, field, message] of cases) {
        const refused = await t.call(registerCall, {
          ...VALID_SIGN_UP,
          email,
          phone: nextPhone(),
          ...change,
        });
        expect(refused.status, `${field}: ${message}`).toBe(400);
        expect(refused.message, `${field}: ${message}`).toBe(message);
        expect(fieldErrors(refused)[field]).toBe(message);
      }
      expect(await countRows(t, WRITES)).toEqual(before);
      // The proof survived the refusals: the corrected form goes through.
      const created = await t.call(registerCall, { ...VALID_SIGN_UP, email, phone: nextPhone() });
      expect(created.status).toBe(200);
    });

    it('refuses a taken e-mail and a taken phone with 409, writing nothing', async () => {
      // Proves the uniqueness of e-mail and phone (in its international form).
      await proveEmail(t, DEMO_MERCHANT.email);
      const before = await countRows(t, WRITES);
      const emailTaken = await t.call(registerCall, {
        ...VALID_SIGN_UP,
        email: DEMO_MERCHANT.email,
        phone: nextPhone(),
      });
      expect(emailTaken.status).toBe(409);
      expect(fieldErrors(emailTaken).email).toBe('The email has already been taken.');

      const email = nextEmail('phone-taken');
      await proveEmail(t, email);
      const afterProof = await countRows(t, WRITES);
      // The demo merchant's phone is +971501234567: the local form and the international form both clash.
      for (const phone of ['501234567', '0501234567', '+971501234567']) {
        const phoneTaken = await t.call(registerCall, { ...VALID_SIGN_UP, email, phone });
        expect(phoneTaken.status, phone).toBe(409);
        expect(fieldErrors(phoneTaken).phone).toBe('The phone has already been taken.');
      }
      expect(await countRows(t, WRITES)).toEqual(afterProof);
      expect(afterProof.users).toBe(before.users);
    });
  });

  describe('login', () => {
    it('signs in with the password to a passcode-stage session', async () => {
      // Proves login answers the passcode stage token, id and passcode_set, and uses up the proof.
      await proveEmail(t, DEMO_MERCHANT.email);
      const login = await t.call(loginCall, { email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password });
      expect(login.status).toBe(200);
      expect(login.data.passcode_set).toBe(1);
      expect(login.data.accessToken).toMatch(/^[\w-]{40,}$/);
      const session = await t.deps.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', BigInt(login.data.id))
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(session.stage).toBe('passcode');
      expect(session.token_hash).not.toBe(login.data.accessToken);

      const again = await t.call(loginCall, { email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password });
      expect(again.status).toBe(422);
      expect(again.reason).toBe('EMAIL_NOT_PROVEN');

      const email = nextEmail('no-passcode');
      await signUp(t, email, { phone: nextPhone() });
      const withoutPasscode = await t.call(loginCall, { email, password: VALID_SIGN_UP.password });
      expect(withoutPasscode.status).toBe(422); // the sign-up used the proof
      await proveEmail(t, email);
      const newcomer = await t.call(loginCall, { email, password: VALID_SIGN_UP.password });
      expect(newcomer.status).toBe(200);
      expect(newcomer.data.passcode_set).toBe(0);
    });

    it('answers a wrong password and an unknown e-mail identically, opening no session', async () => {
      // Proves login does not reveal which e-mails have accounts.
      const ip = '203.0.113.10';
      await proveEmail(t, DEMO_MERCHANT.email);
      const unknown = nextEmail('unknown');
      await proveEmail(t, unknown);
      const before = await countRows(t, ['sessions', 'users']);
      const wrong = await t.call(loginCall, { email: DEMO_MERCHANT.email, password: 'Wrong1234' }, { ip });
      const missing = await t.call(loginCall, { email: unknown, password: 'Wrong1234' }, { ip });
      expect(wrong.status).toBe(422);
      expect(wrong.reason).toBe('BAD_CREDENTIALS');
      expect(wrong.message).toBe('These credentials do not match our records.');
      expect({ code: missing.code, message: missing.message, data: missing.data }).toEqual({
        code: wrong.code,
        message: wrong.message,
        data: wrong.data,
      });
      expect(missing.status).toBe(wrong.status);
      expect(await countRows(t, ['sessions', 'users'])).toEqual(before);
    });

    it('refuses a password without the e-mail code step', async () => {
      // Proves no password is tried before the e-mail is proven, and nothing is written.
      await t.deps.db.deleteFrom('email_verifications').where('email', '=', DEMO_MERCHANT.email).execute();
      const before = await countRows(t, ['sessions', 'rate_limits']);
      const refused = await t.call(loginCall, { email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }, { ip: '203.0.113.11' });
      expect(refused.status).toBe(422);
      expect(refused.reason).toBe('EMAIL_NOT_PROVEN');
      expect(await countRows(t, ['sessions', 'rate_limits'])).toEqual(before);
    });

    it('validates the login fields', async () => {
      // Proves the login rules: e-mail required and valid, password of at least 5 characters.
      const before = await countRows(t, WRITES);
      expect((await t.call(loginCall, { email: '', password: 'Secret123' })).message).toBe('The email field is required');
      expect((await t.call(loginCall, { email: 'x', password: 'Secret123' })).message).toBe('The email must be a valid email address');
      expect((await t.call(loginCall, { email: 'a@example.com', password: '' })).message).toBe('The password field is required');
      const short = await t.call(loginCall, { email: 'a@example.com', password: 'abcd' });
      expect(short.status).toBe(400);
      expect(short.message).toBe('The password must be at least 5 characters');
      expect(await countRows(t, WRITES)).toEqual(before);
    });

    it('locks an e-mail after 5 wrong passwords, even against the right one', async () => {
      // Proves the per-e-mail brute-force limit: 429 with Retry-After, no session.
      const who = await fullUser('brute');
      const ip = '203.0.113.20';
      await proveEmail(t, who.email);
      for (let attempt = 1; attempt <= 5; attempt++) {
        const wrong = await t.call(loginCall, { email: who.email, password: `Wrong${attempt}pass` }, { ip });
        expect(wrong.status).toBe(422);
        expect(wrong.reason).toBe('BAD_CREDENTIALS');
      }
      const before = await countRows(t, ['sessions']);
      const locked = await t.call(loginCall, { email: who.email, password: who.password }, { ip });
      expect(locked.status).toBe(429);
      expect(locked.code).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      // From another address too: the limit is on the e-mail.
      const elsewhere = await t.call(loginCall, { email: who.email, password: who.password }, { ip: '203.0.113.21' });
      expect(elsewhere.status).toBe(429);
      expect(await countRows(t, ['sessions'])).toEqual(before);
    });

    it('counts parallel wrong passwords, so a burst cannot try more than 5', async () => {
      // Proves the per-e-mail limit holds under concurrency: exactly 5 guesses are tried.
      const who = await fullUser('burst');
      const ip = '203.0.113.30';
      await proveEmail(t, who.email);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => t.call(loginCall, { email: who.email, password: `Burst${i}guess` }, { ip })),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 422)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
      expect((await t.call(loginCall, { email: who.email, password: who.password }, { ip })).status).toBe(429);
    });

    it('limits wrong passwords per IP address across e-mails', async () => {
      // Proves the per-IP limit: after 30 failures from one IP, even a right password is refused there.
      const ip = '203.0.113.40';
      const emails = Array.from({ length: 31 }, () => nextEmail('ip-login'));
      for (const email of emails) await proveEmail(t, email);
      for (const email of emails.slice(0, 30)) {
        const wrong = await t.call(loginCall, { email, password: 'Wrong1234' }, { ip });
        expect(wrong.status).toBe(422);
      }
      const limited = await t.call(loginCall, { email: emails[30]!, password: 'Wrong1234' }, { ip });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      await proveEmail(t, DEMO_MERCHANT.email);
      const before = await countRows(t, ['sessions']);
      const right = await t.call(loginCall, { email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }, { ip });
      expect(right.status).toBe(429);
      expect(await countRows(t, ['sessions'])).toEqual(before);
      const otherIp = await t.call(loginCall, { email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }, { ip: '203.0.113.41' });
      expect(otherIp.status).toBe(200);
    });
  });

  describe('session stages', () => {
    it('lets a password-stage token reach only the passcode calls', async () => {
      // Proves the two-stage session: full-stage calls answer 401 to a password-stage token.
      const email = nextEmail('stage');
      const token = await signUp(t, email, { phone: nextPhone() });
      for (const call of [getWalletListCall, getDashboardFeatureListCall, getUserKycCall, getUserProfileCall, manageUserKycCall]) {
        const refused = await t.post(call.path, {}, { token });
        expect(refused.status, call.path).toBe(401);
        expect(refused.reason).toBe('PASSCODE_REQUIRED');
        expect(refused.message).toBe(PASSCODE_STAGE_ONLY);
      }
      // The passcode calls are reached (they answer on their own terms, not 401).
      const wrongLogin = await t.call(passcodeLoginCall, { passcode: '9999' }, { token });
      expect(wrongLogin.status).toBe(422);
      const set = await t.call(setPasscodeCall, { passcode: '2468', confirmPasscode: '2468' }, { token });
      expect(set.status).toBe(200);

      const other = await passwordStage({ email, password: VALID_SIGN_UP.password });
      const logout = await t.call(logoutUserCall, {}, { token: other });
      expect(logout.status).toBe(200);
    });

    it('answers 401 without a token, with a garbage token and with an expired one', async () => {
      // Proves that only a live, known session opens the authenticated calls.
      const none = await t.call(getWalletListCall, {});
      expect(none.status).toBe(401);
      expect(none.code).toBe(401);
      for (const token of ['garbage', 'x'.repeat(43), 'x'.repeat(500)]) {
        expect((await t.call(getWalletListCall, {}, { token })).status).toBe(401);
        expect((await t.call(setPasscodeCall, { passcode: '1234', confirmPasscode: '1234' }, { token })).status).toBe(401);
      }
      const who = await fullUser('expired');
      expect((await t.call(getWalletListCall, {}, { token: who.token })).status).toBe(200);
      const user = await userRow(who.email);
      await t.deps.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', user.id)
        .execute();
      expect((await t.call(getWalletListCall, {}, { token: who.token })).status).toBe(401);
    });

    it('ends the sessions of a suspended user', async () => {
      // Proves a user who is inactive or suspended cannot use a session they already hold.
      const who = await fullUser('suspended');
      await t.deps.db.updateTable('users').set({ status: 3 }).where('email', '=', who.email).execute();
      expect((await t.call(getWalletListCall, {}, { token: who.token })).status).toBe(401);
      await proveEmail(t, who.email);
      const login = await t.call(loginCall, { email: who.email, password: who.password });
      expect(login.status).toBe(403);
    });
  });

  describe('set-passcode', () => {
    it('validates the passcode and its confirmation, changing nothing', async () => {
      // Proves the passcode rules: exactly 4 digits, and the confirmation must match.
      const email = nextEmail('passcode-rules');
      const token = await signUp(t, email, { phone: nextPhone() });
      const before = await countRows(t, ['sessions']);
      for (const passcode of ['12', '12345', 'abcd', '12a4']) {
        const refused = await t.call(setPasscodeCall, { passcode, confirmPasscode: passcode }, { token });
        expect(refused.status, passcode).toBe(400);
        expect(refused.message).toBe('The passcode must be exactly 4 digits');
      }
      const empty = await t.call(setPasscodeCall, { passcode: '', confirmPasscode: '' }, { token });
      expect(empty.message).toBe('The passcode field is required');
      const mismatch = await t.call(setPasscodeCall, { passcode: '1234', confirmPasscode: '1243' }, { token });
      expect(mismatch.status).toBe(400);
      expect(mismatch.message).toBe('The confirm passcode and passcode must match');
      expect(fieldErrors(mismatch).confirmPasscode).toBe('The confirm passcode and passcode must match');
      expect((await userRow(email)).passcode_hash).toBeNull();
      expect(await countRows(t, ['sessions'])).toEqual(before);
    });

    it('sets the passcode and rotates the token to a full-stage one', async () => {
      // Proves set-passcode returns a new full token and the password-stage token stops working.
      const email = nextEmail('rotate');
      const token = await signUp(t, email, { phone: nextPhone() });
      const set = await t.call(setPasscodeCall, { passcode: '1470', confirmPasscode: '1470', deviceToken: 'push-1' }, { token });
      expect(set.status).toBe(200);
      expect(set.data.accessToken).not.toBe(token);
      expect(set.data.user.passcode_set).toBe(1);
      expect(set.data.userKyc).toBe(1);
      const row = await userRow(email);
      expect(row.passcode_hash).not.toBeNull();
      expect(row.passcode_hash).not.toContain('1470');
      expect(row.device_token).toBe('push-1');
      expect((await t.call(getWalletListCall, {}, { token: set.data.accessToken })).status).toBe(200);
      expect((await t.call(passcodeLoginCall, { passcode: '1470' }, { token })).status).toBe(401);
      expect((await t.call(getWalletListCall, {}, { token })).status).toBe(401);
    });

    it('refuses a second set-passcode with 409 and keeps the first passcode', async () => {
      // Proves the passcode can only be changed through Reset Pin.
      const who = await fullUser('twice');
      const hashBefore = (await userRow(who.email)).passcode_hash;
      const again = await t.call(setPasscodeCall, { passcode: '0000', confirmPasscode: '0000' }, { token: who.token });
      expect(again.status).toBe(409);
      const passcodeToken = await passwordStage(who);
      const viaLogin = await t.call(setPasscodeCall, { passcode: '0000', confirmPasscode: '0000' }, { token: passcodeToken });
      expect(viaLogin.status).toBe(409);
      expect((await userRow(who.email)).passcode_hash).toBe(hashBefore);
      expect((await t.call(passcodeLoginCall, { passcode: who.passcode }, { token: passcodeToken })).status).toBe(200);
    });
  });

  describe('passcode-login', () => {
    it('refuses a wrong passcode with the attempts left, counted in the database', async () => {
      // Proves the wrong-passcode answer and the stored failure counter.
      const who = await fullUser('wrong-pin');
      const token = await passwordStage(who);
      const first = await t.call(passcodeLoginCall, { passcode: '0000' }, { token });
      expect(first.status).toBe(422);
      expect(first.message).toBe('The passcode is incorrect. 4 attempts left.');
      const second = await t.call(passcodeLoginCall, { passcode: '0001' }, { token });
      expect(second.message).toBe('The passcode is incorrect. 3 attempts left.');
      expect((await userRow(who.email)).passcode_failed_attempts).toBe(2);
    });

    it('locks the passcode after 5 wrong tries, refusing even the right one with 403', async () => {
      // Proves the passcode lock and that it holds against the right passcode.
      const who = await fullUser('lock-pin');
      const token = await passwordStage(who);
      const messages: string[] = [];
      for (let attempt = 1; attempt <= 5; attempt++) {
        const wrong = await t.call(passcodeLoginCall, { passcode: '0000' }, { token });
        messages.push(`${wrong.status} ${wrong.message}`);
      }
      expect(messages.slice(0, 4)).toEqual([
        '422 The passcode is incorrect. 4 attempts left.',
        '422 The passcode is incorrect. 3 attempts left.',
        '422 The passcode is incorrect. 2 attempts left.',
        '422 The passcode is incorrect. 1 attempt left.',
      ]);
      expect(messages[4]).toBe('403 Your passcode is locked after too many wrong attempts. Use Reset Pin to set a new one.');
      const before = await countRows(t, ['sessions']);
      const right = await t.call(passcodeLoginCall, { passcode: who.passcode }, { token });
      expect(right.status).toBe(403);
      expect(right.reason).toBe('PASSCODE_LOCKED');
      expect(await countRows(t, ['sessions'])).toEqual(before);
      const row = await userRow(who.email);
      expect(row.passcode_failed_attempts).toBe(5);
      expect(row.passcode_locked_at).not.toBeNull();
      // A new password sign-in does not lift the lock.
      const fresh = await passwordStage(who);
      expect((await t.call(passcodeLoginCall, { passcode: who.passcode }, { token: fresh })).status).toBe(403);
    });

    it('resets the failure counter on a success', async () => {
      // Proves a right passcode clears earlier wrong tries.
      const who = await fullUser('reset-count');
      const token = await passwordStage(who);
      for (let attempt = 1; attempt <= 4; attempt++) {
        expect((await t.call(passcodeLoginCall, { passcode: '0000' }, { token })).status).toBe(422);
      }
      expect((await userRow(who.email)).passcode_failed_attempts).toBe(4);
      const ok = await t.call(passcodeLoginCall, { passcode: who.passcode }, { token });
      expect(ok.status).toBe(200);
      expect((await userRow(who.email)).passcode_failed_attempts).toBe(0);
      const next = await passwordStage(who);
      const wrong = await t.call(passcodeLoginCall, { passcode: '0000' }, { token: next });
      expect(wrong.message).toBe('The passcode is incorrect. 4 attempts left.');
    });

    it('counts parallel guesses, so a burst cannot try more than 5 passcodes', async () => {
      // Proves the lock holds under concurrency: at most 5 passcodes are ever checked.
      const who = await fullUser('burst-pin');
      const token = await passwordStage(who);
      const guesses = Array.from({ length: 20 }, (_, i) => String(5000 + i));
      const answers = await Promise.all(guesses.map((passcode) => t.call(passcodeLoginCall, { passcode }, { token })));
      const statuses = answers.map((a) => a.status);
      expect(statuses.every((s) => s === 422 || s === 403)).toBe(true);
      expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(4);
      const row = await userRow(who.email);
      expect(row.passcode_failed_attempts).toBe(5);
      expect(row.passcode_locked_at).not.toBeNull();
      const wrongTries = await t.deps.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('actor_user_id', '=', row.id)
        .where('action', '=', 'auth.passcode-wrong')
        .executeTakeFirstOrThrow();
      expect(Number(wrongTries.n)).toBe(5);
      expect((await t.call(passcodeLoginCall, { passcode: who.passcode }, { token })).status).toBe(403);
    });

    it('asks for a passcode to be set first when there is none', async () => {
      // Proves passcode-login is refused before set-passcode.
      const token = await signUp(t, nextEmail('no-pin'), { phone: nextPhone() });
      const refused = await t.call(passcodeLoginCall, { passcode: '1234' }, { token });
      expect(refused.status).toBe(422);
      expect(refused.message).toBe('Please set your passcode first.');
    });

    it('answers the demo merchant (KYC approved) with userKyc 0 and the user', async () => {
      // Proves the passcode-login answer for an approved account.
      const token = await passwordStage(DEMO_MERCHANT);
      const ok = await t.call(passcodeLoginCall, { passcode: DEMO_MERCHANT.passcode }, { token });
      expect(ok.status).toBe(200);
      expect(ok.data.userKyc).toBe(0);
      expect(ok.data.user.email).toBe(DEMO_MERCHANT.email);
      expect(ok.data.avatar).toBeNull();
      expect((await t.call(getWalletListCall, {}, { token })).status).toBe(401);
      expect((await t.call(getWalletListCall, {}, { token: ok.data.accessToken })).status).toBe(200);
    });
  });

  describe('reset password', () => {
    it('answers verify-email-general type 1 the same for unknown and known e-mails, mailing only the known', async () => {
      // Proves the reset request does not reveal which e-mails have accounts.
      const who = await fullUser('reset-ask');
      const unknown = nextEmail('reset-unknown');
      await forgetSendLimits(t, who.email);
      const knownBefore = await outboxCount(who.email);
      const known = await t.call(verifyEmailGeneralCall, { email: who.email, type: 1 });
      const stranger = await t.call(verifyEmailGeneralCall, { email: unknown, type: 1 });
      expect(known.status).toBe(200);
      expect({ code: stranger.code, message: stranger.message, data: stranger.data }).toEqual({
        code: known.code,
        message: known.message,
        data: known.data,
      });
      expect(stranger.status).toBe(known.status);
      expect(await outboxCount(who.email)).toBe(knownBefore + 1);
      expect(await outboxCount(unknown)).toBe(0);
      const otp = await t.deps.db
        .selectFrom('otps')
        .select('purpose')
        .where('email', '=', who.email)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(otp.purpose).toBe('reset-password');

      const badType = await t.call(verifyEmailGeneralCall, { email: who.email, type: 3 });
      expect(badType.status).toBe(400);
      expect(badType.message).toBe('The selected type is invalid');
    });

    it('resets the password with the code and ends every session', async () => {
      // Proves reset-password: the new password works, the old fails, all sessions are revoked.
      const who = await fullUser('reset-pw');
      const passcodeToken = await passwordStage(who);
      await forgetSendLimits(t, who.email);
      await t.call(verifyEmailGeneralCall, { email: who.email, type: 1 });
      const otp = await latestCode(t, who.email);
      const newPassword = 'Renewed456';
      const mismatch = await t.call(resetPasswordCall, { email: who.email, password: newPassword, confirmPassword: 'Renewed457', otp });
      expect(mismatch.status).toBe(400);
      expect(mismatch.message).toBe('The confirm password and password must match');
      const weak = await t.call(resetPasswordCall, { email: who.email, password: 'renewed456', confirmPassword: 'renewed456', otp });
      expect(weak.message).toBe('Password must contain at least one number, uppercase and lowercase character');

      const reset = await t.call(resetPasswordCall, { email: who.email, password: newPassword, confirmPassword: newPassword, otp });
      expect(reset.status).toBe(200);
      expect((await t.call(getWalletListCall, {}, { token: who.token })).status).toBe(401);
      expect((await t.call(passcodeLoginCall, { passcode: who.passcode }, { token: passcodeToken })).status).toBe(401);

      await proveEmail(t, who.email);
      const old = await t.call(loginCall, { email: who.email, password: who.password }, { ip: '203.0.113.50' });
      expect(old.status).toBe(422);
      expect(old.reason).toBe('BAD_CREDENTIALS');
      const fresh = await t.call(loginCall, { email: who.email, password: newPassword });
      expect(fresh.status).toBe(200);
      // The code was used once.
      const reuse = await t.call(resetPasswordCall, { email: who.email, password: 'Another789', confirmPassword: 'Another789', otp });
      expect(reuse.status).toBe(422);
    });

    it('refuses a wrong code, a sign-in code and an unknown e-mail, changing nothing', async () => {
      // Proves reset-password needs the reset code of that e-mail.
      const who = await fullUser('reset-refused');
      const hashBefore = (await userRow(who.email)).password_hash;
      await sendCode(who.email);
      const signInCode = await latestCode(t, who.email);
      const before = await countRows(t, WRITES);
      const withSignInCode = await t.call(resetPasswordCall, {
        email: who.email,
        password: 'Changed123',
        confirmPassword: 'Changed123',
        otp: signInCode,
      });
      expect(withSignInCode.status).toBe(422);
      const unknown = await t.call(resetPasswordCall, {
        email: nextEmail('nobody'),
        password: 'Changed123',
        confirmPassword: 'Changed123',
        otp: '123456',
      });
      expect(unknown.status).toBe(422);
      expect(unknown.message).toBe(withSignInCode.message);
      await forgetSendLimits(t, who.email);
      await t.call(verifyEmailGeneralCall, { email: who.email, type: 1 });
      const code = await latestCode(t, who.email);
      const wrong = await t.call(resetPasswordCall, {
        email: who.email,
        password: 'Changed123',
        confirmPassword: 'Changed123',
        otp: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.status).toBe(422);
      expect(wrong.reason).toBe('OTP_WRONG');
      expect((await userRow(who.email)).password_hash).toBe(hashBefore);
      expect((await t.call(getWalletListCall, {}, { token: who.token })).status).toBe(200);
      const after = await countRows(t, WRITES);
      // Only the reset request itself wrote (one code, one e-mail).
      expect(after).toEqual({ ...before, otps: before.otps + 1, outbox_emails: before.outbox_emails + 1 });
    });

    it('lifts the per-e-mail sign-in lock after a password reset', async () => {
      // Proves a user locked out by wrong passwords can sign in right after resetting.
      const who = await fullUser('reset-unlock');
      const ip = '203.0.113.60';
      await proveEmail(t, who.email);
      for (let attempt = 1; attempt <= 5; attempt++) await t.call(loginCall, { email: who.email, password: 'Wrong1234' }, { ip });
      expect((await t.call(loginCall, { email: who.email, password: who.password }, { ip })).status).toBe(429);
      await forgetSendLimits(t, who.email);
      await t.call(verifyEmailGeneralCall, { email: who.email, type: 1 });
      const otp = await latestCode(t, who.email);
      expect((await t.call(resetPasswordCall, { email: who.email, password: 'Unlock123', confirmPassword: 'Unlock123', otp })).status).toBe(
        200,
      );
      await proveEmail(t, who.email);
      expect((await t.call(loginCall, { email: who.email, password: 'Unlock123' }, { ip: '203.0.113.61' })).status).toBe(200);
    });
  });

  describe('reset passcode', () => {
    it('unlocks a locked passcode with the type 2 code and ends the full sessions', async () => {
      // Proves reset-passcode: new passcode, counter and lock cleared, full sessions revoked.
      const who = await fullUser('reset-pin');
      const passcodeToken = await passwordStage(who);
      for (let attempt = 1; attempt <= 5; attempt++) await t.call(passcodeLoginCall, { passcode: '0000' }, { token: passcodeToken });
      expect((await userRow(who.email)).passcode_locked_at).not.toBeNull();

      await forgetSendLimits(t, who.email);
      const ask = await t.call(verifyEmailGeneralCall, { email: who.email, type: 2 });
      expect(ask.status).toBe(200);
      const otp = await latestCode(t, who.email);
      const purpose = await t.deps.db
        .selectFrom('otps')
        .select('purpose')
        .where('email', '=', who.email)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(purpose.purpose).toBe('reset-passcode');

      const invalid = await t.call(resetPasscodeCall, { email: who.email, passcode: '12', confirmPasscode: '12', otp });
      expect(invalid.status).toBe(400);
      expect(invalid.message).toBe('The passcode must be exactly 4 digits');
      const mismatch = await t.call(resetPasscodeCall, { email: who.email, passcode: '8642', confirmPasscode: '8643', otp });
      expect(mismatch.message).toBe('The confirm passcode and passcode must match');

      const reset = await t.call(resetPasscodeCall, { email: who.email, passcode: '8642', confirmPasscode: '8642', otp });
      expect(reset.status).toBe(200);
      const row = await userRow(who.email);
      expect(row.passcode_locked_at).toBeNull();
      expect(row.passcode_failed_attempts).toBe(0);
      expect((await t.call(getWalletListCall, {}, { token: who.token })).status).toBe(401);
      // The password-stage session goes on to the passcode screen with the new passcode.
      expect((await t.call(passcodeLoginCall, { passcode: who.passcode }, { token: passcodeToken })).status).toBe(422);
      const ok = await t.call(passcodeLoginCall, { passcode: '8642' }, { token: passcodeToken });
      expect(ok.status).toBe(200);
      const again = await t.call(resetPasscodeCall, { email: who.email, passcode: '9753', confirmPasscode: '9753', otp });
      expect(again.status).toBe(422);
    });

    it('does not accept a reset-password code for the passcode', async () => {
      // Proves the two reset codes are not interchangeable.
      const who = await fullUser('reset-cross');
      await forgetSendLimits(t, who.email);
      await t.call(verifyEmailGeneralCall, { email: who.email, type: 1 });
      const otp = await latestCode(t, who.email);
      const hashBefore = (await userRow(who.email)).passcode_hash;
      const refused = await t.call(resetPasscodeCall, { email: who.email, passcode: '8642', confirmPasscode: '8642', otp });
      expect(refused.status).toBe(422);
      expect((await userRow(who.email)).passcode_hash).toBe(hashBefore);
    });
  });

  describe('logout and profile', () => {
    it('revokes the session on logout', async () => {
      // Proves logout-user ends the token: the next call answers 401.
      const who = await fullUser('logout');
      expect((await t.call(getUserProfileCall, {}, { token: who.token })).status).toBe(200);
      const out = await t.call(logoutUserCall, {}, { token: who.token });
      expect(out.status).toBe(200);
      expect(out.data).toBeNull();
      expect((await t.call(getUserProfileCall, {}, { token: who.token })).status).toBe(401);
      expect((await t.call(logoutUserCall, {}, { token: who.token })).status).toBe(401);
    });

    it('reads the signed-in user profile', async () => {
      // Proves get-user-profile answers the stored user and no admin flag.
      const who = await fullUser('profile');
      const profile = await t.call(getUserProfileCall, {}, { token: who.token });
      expect(profile.status).toBe(200);
      expect(profile.data.adminLogin).toBe(0);
      expect(profile.data.user).toMatchObject({ email: who.email, first_name: VALID_SIGN_UP.firstName, passcode_set: 1, status: 0 });
      expect(profile.data.user.last_login_at).not.toBeNull();
      expect(JSON.stringify(profile.data)).not.toMatch(/hash/);
    });
  });
});

describe('auth with the bot check on', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ botCheck: true });
  });
  afterAll(async () => t.close());

  async function solvedProof(): Promise<string> {
    const response = await t.app.inject({ method: 'GET', url: '/api/altcha/challenge' });
    const challenge = response.json() as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    if (!solution) throw new Error('The challenge could not be solved');
    const payload = {
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    };
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  }

  it('refuses the e-mail calls without a valid proof and sends nothing', async () => {
    // Proves verify-email and verify-email-general need the bot check when it is on.
    const before = await countRows(t, ['otps', 'outbox_emails', 'rate_limits', 'bot_check_uses']);
    const email = 'bot@example.com';
    for (const verResponse of [undefined, '', 'garbage', Buffer.from('{"number":1}').toString('base64')]) {
      const refused = await t.call(verifyEmailCall, { email, ...(verResponse === undefined ? {} : { verResponse }) });
      expect(refused.status).toBe(400);
      expect(refused.message).toBe('The bot check failed. Please reload the page and try again.');
    }
    const reset = await t.call(verifyEmailGeneralCall, { email: DEMO_MERCHANT.email, type: 1 });
    expect(reset.status).toBe(400);
    expect(await countRows(t, ['otps', 'outbox_emails', 'rate_limits', 'bot_check_uses'])).toEqual(before);
  });

  it('accepts a solved challenge once', async () => {
    // Proves a valid proof-of-work opens the call and cannot be replayed.
    const email = 'human@example.com';
    const proof = await solvedProof();
    const sent = await t.call(verifyEmailCall, { email, verResponse: proof, resId: 'altcha' });
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({ otpVerification: 1, accountExist: 0 });
    await forgetSendLimits(t, email);
    const before = await countRows(t, ['otps', 'outbox_emails']);
    const replay = await t.call(verifyEmailCall, { email, verResponse: proof });
    expect(replay.status).toBe(400);
    expect(await countRows(t, ['otps', 'outbox_emails'])).toEqual(before);

    // A proof with a forged number fails too.
    const forged = JSON.parse(Buffer.from(await solvedProof(), 'base64').toString('utf8')) as { number: number };
    forged.number += 1;
    const refused = await t.call(verifyEmailCall, { email, verResponse: Buffer.from(JSON.stringify(forged)).toString('base64') });
    expect(refused.status).toBe(400);

    const reset = await t.call(verifyEmailGeneralCall, { email: DEMO_MERCHANT.email, type: 1, verResponse: await solvedProof() });
    expect(reset.status).toBe(200);
  });
});
