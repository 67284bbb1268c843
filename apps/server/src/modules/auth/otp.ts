// One-time codes: 6 digits from the CSPRNG, 10 minutes, single use, burned by 5 wrong tries.
// Sending is limited per e-mail (once per 10 s, 5 per 15 min) and per IP.
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import type { OtpPurpose } from '../../db/schema.ts';
import { newOtpCode, sha256Hex, timingSafeEqualHex } from '../../lib/secrets.ts';
import { hitLimit } from '../../lib/rate-limit.ts';
import { ApiError } from '../../transport/errors.ts';

export const OTP_LIFE_S = 10 * 60;
export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_RESEND_GAP_S = 10;
export const OTP_SENDS_PER_WINDOW = 5;
export const OTP_SEND_WINDOW_S = 15 * 60;
export const OTP_SENDS_PER_IP_WINDOW = 30;

export const OTP_INVALID = 'The code is invalid or has expired. Please request a new one.';
export const OTP_WRONG = 'The code is incorrect.';
export const OTP_BURNED = 'Too many wrong codes. Please request a new one.';

const hashCode = (email: string, purpose: OtpPurpose, code: string) => sha256Hex(`${purpose}:${email}:${code}`);

/** Counts a send against the limits; throws 429 when the e-mail or the IP has sent too many. */
export async function limitOtpSends(deps: Deps, email: string, ip: string): Promise<void> {
  await hitLimit(deps.db, { key: `otp-gap:${email}`, max: 1, windowS: OTP_RESEND_GAP_S }, 'Please wait a few seconds before asking for another code.');
  await hitLimit(deps.db, { key: `otp-window:${email}`, max: OTP_SENDS_PER_WINDOW, windowS: OTP_SEND_WINDOW_S }, 'Too many codes requested. Please try again later.');
  await hitLimit(deps.db, { key: `otp-ip:${ip}`, max: OTP_SENDS_PER_IP_WINDOW, windowS: OTP_SEND_WINDOW_S }, 'Too many codes requested. Please try again later.');
}

/** Issues a fresh code (any earlier open code of the same purpose stops working) and mails it. */
export async function issueOtp(deps: Deps, email: string, purpose: OtpPurpose): Promise<void> {
  const code = newOtpCode();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('otps')
      .set({ burned_at: new Date() })
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .where('burned_at', 'is', null)
      .execute();
    await trx
      .insertInto('otps')
      .values({ email, purpose, code_hash: hashCode(email, purpose, code), expires_at: new Date(Date.now() + OTP_LIFE_S * 1000) })
      .execute();
  });
  const what = purpose === 'sign-in' ? 'sign in' : purpose === 'reset-password' ? 'reset your password' : 'reset your PIN';
  await deps.mailer.send({
    to: email,
    subject: `Your PayWallet code: ${code}`,
    text: `Your one-time code to ${what} is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this e-mail.`,
    html: `<p>Your one-time code to ${what} is <strong style="font-size:20px;letter-spacing:3px">${code}</strong>.</p><p>It expires in 10 minutes. If you did not ask for it, ignore this e-mail.</p>`,
  });
}

/**
 * Consumes the open code if it matches. A wrong code counts a try and the fifth burns it.
 * The consume is one conditional UPDATE, so two racing requests cannot both use one code.
 */
export async function consumeOtp(deps: Deps, email: string, purpose: OtpPurpose, code: string): Promise<void> {
  const open = await deps.db
    .selectFrom('otps')
    .select(['id', 'code_hash'])
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('burned_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!open) throw new ApiError(422, OTP_INVALID);
  if (!timingSafeEqualHex(open.code_hash, hashCode(email, purpose, code))) {
    const counted = await sql<{ failed_attempts: number }>`
      UPDATE otps SET failed_attempts = failed_attempts + 1,
        burned_at = CASE WHEN failed_attempts + 1 >= ${OTP_MAX_WRONG_TRIES} THEN now() ELSE burned_at END
      WHERE id = ${open.id} RETURNING failed_attempts`.execute(deps.db);
    const tries = counted.rows[0]?.failed_attempts ?? OTP_MAX_WRONG_TRIES;
    throw new ApiError(422, tries >= OTP_MAX_WRONG_TRIES ? OTP_BURNED : OTP_WRONG);
  }
  const consumed = await deps.db
    .updateTable('otps')
    .set({ consumed_at: new Date() })
    .where('id', '=', open.id)
    .where('consumed_at', 'is', null)
    .where('burned_at', 'is', null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) throw new ApiError(422, OTP_INVALID);
}
