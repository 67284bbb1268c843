// One-time codes: 6 digits from the CSPRNG, 10 minutes, single use, burned by 5 wrong tries.
// Sending is limited per e-mail (once per 10 s, the config's otpResendGapS; 5 per 15 min) and
// per IP.
import type { Deps } from '../../deps.ts';
import type { OtpPurpose } from '../../db/schema.ts';
import { newOtpCode, sha256Hex, timingSafeEqualHex } from '../../lib/secrets.ts';
import { hitLimit } from '../../lib/rate-limit.ts';
import { fail } from '../../transport/errors.ts';
import { burnOpenOtps, consumeOpenOtp, countWrongOtpTry, findOpenOtp, insertOtp } from './otp.repository.ts';

export const OTP_LIFE_S = 10 * 60;
export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_SENDS_PER_WINDOW = 5;
export const OTP_SEND_WINDOW_S = 15 * 60;

const hashCode = (email: string, purpose: OtpPurpose, code: string) => sha256Hex(`${purpose}:${email}:${code}`);

/** Counts a send against the limits; throws 429 when the e-mail or the IP has sent too many. */
export async function limitOtpSends(deps: Deps, email: string, ip: string): Promise<void> {
  if (deps.config.otpResendGapS > 0) {
    await hitLimit(deps.db, { key: `otp-gap:${email}`, max: 1, windowS: deps.config.otpResendGapS }, 'CODE_RESEND_TOO_SOON');
  }
  await hitLimit(deps.db, { key: `otp-window:${email}`, max: OTP_SENDS_PER_WINDOW, windowS: OTP_SEND_WINDOW_S }, 'TOO_MANY_CODES');
  await hitLimit(deps.db, { key: `otp-ip:${ip}`, max: deps.config.otpSendsPerIp, windowS: OTP_SEND_WINDOW_S }, 'TOO_MANY_CODES');
}

/**
 * Issues a fresh code (any earlier open code of the same purpose stops working) and hands its
 * e-mail over in the same transaction: the code exists only if its mail is on its way.
 */
export async function issueOtp(deps: Deps, email: string, purpose: OtpPurpose): Promise<void> {
  const code = newOtpCode();
  const expiresAt = new Date(Date.now() + OTP_LIFE_S * 1000);
  const what = purpose === 'sign-in' ? 'sign in' : purpose === 'reset-password' ? 'reset your password' : 'reset your PIN';
  await deps.db.transaction().execute(async (trx) => {
    await burnOpenOtps(trx, email, purpose);
    await insertOtp(trx, { email, purpose, codeHash: hashCode(email, purpose, code), expiresAt });
    await deps.mailer.enqueue(trx, {
      to: email,
      subject: `Your PayWallet code: ${code}`,
      // The delivery record must not show the code.
      recordedSubject: 'Your PayWallet code',
      text: `Your one-time code to ${what} is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this e-mail.`,
      html: `<p>Your one-time code to ${what} is <strong style="font-size:20px;letter-spacing:3px">${code}</strong>.</p><p>It expires in 10 minutes. If you did not ask for it, ignore this e-mail.</p>`,
      deliverBy: expiresAt,
    });
  });
}

/**
 * Consumes the open code if it matches. A wrong code counts a try and the fifth burns it.
 * The consume is one conditional UPDATE, so two racing requests cannot both use one code.
 */
export async function consumeOtp(deps: Deps, email: string, purpose: OtpPurpose, code: string): Promise<void> {
  const open = await findOpenOtp(deps.db, email, purpose);
  if (!open) fail('OTP_INVALID');
  if (!timingSafeEqualHex(open.code_hash, hashCode(email, purpose, code))) {
    const tries = (await countWrongOtpTry(deps.db, open.id, OTP_MAX_WRONG_TRIES)) ?? OTP_MAX_WRONG_TRIES;
    fail(tries >= OTP_MAX_WRONG_TRIES ? 'OTP_BURNED' : 'OTP_WRONG');
  }
  if (!(await consumeOpenOtp(deps.db, open.id))) fail('OTP_INVALID');
}
