// Sign-up and sign-in: e-mail one-time code, password, passcode, and the two resets.
import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  TLoginRequest,
  TRegisterRequest,
  TSetPasscodeRequest,
  TPasscodeLoginRequest,
  TResetPasswordRequest,
  TResetPasscodeRequest,
} from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { AuthedContext, CallContext } from '../../transport/dispatcher.ts';
import { ApiError } from '../../transport/errors.ts';
import { hashSecret, verifySecret } from '../../lib/secrets.ts';
import { checkLimit, clearLimit, forgiveHit, hitLimit } from '../../lib/rate-limit.ts';
import { requireBotCheck } from '../../lib/bot-check.ts';
import { consumeOtp, issueOtp, limitOtpSends } from './otp.ts';
import { openSession, revokeSession, revokeUserSessions } from './sessions.ts';
import { findUserByEmail, getUserById, type UserRow } from './users.repository.ts';
import { toUserView } from './user-view.ts';
import { createDefaultWallet } from '../wallets/wallets.service.ts';
import { kycFlowFor } from '../kyc/kyc.service.ts';

export const EMAIL_PROOF_LIFE_S = 30 * 60;
export const LOGIN_FAILURES_PER_EMAIL = 5;
export const LOGIN_FAILURES_PER_IP = 30;
export const LOGIN_WINDOW_S = 15 * 60;
export const PASSCODE_MAX_WRONG_TRIES = 5;

export const BAD_CREDENTIALS = 'These credentials do not match our records.';
export const EMAIL_NOT_PROVEN = 'Please verify your e-mail with the one-time code first.';
export const PASSCODE_LOCKED = 'Your passcode is locked after too many wrong attempts. Use Reset Pin to set a new one.';
const TOO_MANY_LOGINS = 'Too many sign-in attempts. Please try again later.';

// Verifying against a fixed hash when the e-mail is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;
const slowDummyVerify = async (password: string) => {
  dummyHash ??= hashSecret(crypto.randomBytes(16).toString('hex'));
  await verifySecret(await dummyHash, password);
};

export async function verifyEmail(deps: Deps, ctx: CallContext, email: string, verResponse: string) {
  await requireBotCheck(deps, verResponse);
  await limitOtpSends(deps, email, ctx.ip);
  await issueOtp(deps, email, 'sign-in');
  const user = await findUserByEmail(deps.db, email);
  return { otpVerification: 1, accountExist: user ? 1 : 0 };
}

export async function verifyOtp(deps: Deps, email: string, otp: string) {
  await consumeOtp(deps, email, 'sign-in', otp);
  const now = new Date();
  await deps.db
    .insertInto('email_verifications')
    .values({ email, verified_at: now, expires_at: new Date(now.getTime() + EMAIL_PROOF_LIFE_S * 1000) })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({ verified_at: now, expires_at: new Date(now.getTime() + EMAIL_PROOF_LIFE_S * 1000) }),
    )
    .execute();
  const user = await findUserByEmail(deps.db, email);
  return { accountExist: user ? 1 : 0 };
}

/** Uses up the e-mail proof a verified one-time code left; a proof opens one sign-in or sign-up. */
async function takeEmailProof(db: Deps['db'] | Transaction<Database>, email: string): Promise<void> {
  const taken = await db
    .deleteFrom('email_verifications')
    .where('email', '=', email)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (Number(taken.numDeletedRows) !== 1) throw new ApiError(422, EMAIL_NOT_PROVEN);
}

async function hasEmailProof(deps: Deps, email: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom('email_verifications')
    .select('email')
    .where('email', '=', email)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

/** The phone as stored: international form, '+' and digits. */
export function internationalPhone(carrierCode: string, phone: string): string {
  if (phone.startsWith('+')) return phone;
  return `+${carrierCode.replace(/\D/g, '')}${phone.replace(/^0+/, '')}`;
}

export async function register(deps: Deps, ctx: CallContext, input: TRegisterRequest & { email: string }) {
  if (!(await hasEmailProof(deps, input.email))) throw new ApiError(422, EMAIL_NOT_PROVEN);
  if (await findUserByEmail(deps.db, input.email)) {
    throw new ApiError(409, 'The email has already been taken.', { errors: { email: 'The email has already been taken.' } });
  }
  const phone = internationalPhone(input.carrierCode, input.phone);
  const phoneTaken = await deps.db.selectFrom('users').select('id').where('phone_number', '=', phone).executeTakeFirst();
  if (phoneTaken) throw new ApiError(409, 'The phone has already been taken.', { errors: { phone: 'The phone has already been taken.' } });
  const passwordHash = await hashSecret(input.password);
  const registered = await deps.db
    .transaction()
    .execute(async (trx) => {
      // The proof is used up in the same transaction: a refused sign-up keeps it.
      await takeEmailProof(trx, input.email);
      const created = await trx
        .insertInto('users')
        .values({
          uuid: crypto.randomUUID(),
          type: 'merchant',
          first_name: input.firstName,
          last_name: input.lastName,
          business_name: input.businessName,
          email: input.email,
          carrier_code: input.carrierCode,
          phone_number: phone,
          password_hash: passwordHash,
          avatar: null,
          device_token: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await createDefaultWallet(trx, created.id);
      const accessToken = await openSession(trx, { userId: created.id, stage: 'passcode', ip: ctx.ip, userAgent: ctx.userAgent });
      await audit(trx, created.id, 'register', ctx.ip);
      return { user: created, token: accessToken };
    })
    .catch((error: unknown) => {
      // Two sign-ups racing for one e-mail or phone: the unique index decides, the loser gets 409.
      if ((error as { code?: string }).code === '23505') throw new ApiError(409, 'The email or phone has already been taken.');
      throw error;
    });
  return { accessToken: registered.token, user: toUserView(registered.user) };
}

export async function login(deps: Deps, ctx: CallContext, input: TLoginRequest & { email: string }) {
  const emailKey = { key: `login-email:${input.email}`, max: LOGIN_FAILURES_PER_EMAIL, windowS: LOGIN_WINDOW_S };
  const ipKey = { key: `login-ip:${ctx.ip}`, max: LOGIN_FAILURES_PER_IP, windowS: LOGIN_WINDOW_S };
  await checkLimit(deps.db, emailKey, TOO_MANY_LOGINS);
  await checkLimit(deps.db, ipKey, TOO_MANY_LOGINS);
  // Without the e-mail's one-time code no password is even tried.
  if (!(await hasEmailProof(deps, input.email))) throw new ApiError(422, EMAIL_NOT_PROVEN);
  // The try is counted before the slow password check (one atomic statement per key), so a
  // burst of parallel guesses cannot all pass the check above; a right password gives it back.
  await hitLimit(deps.db, emailKey, TOO_MANY_LOGINS);
  await hitLimit(deps.db, ipKey, TOO_MANY_LOGINS);
  const user = await findUserByEmail(deps.db, input.email);
  const passwordOk = user ? await verifySecret(user.password_hash, input.password) : (await slowDummyVerify(input.password), false);
  if (!user || !passwordOk) throw new ApiError(422, BAD_CREDENTIALS);
  await forgiveHit(deps.db, ipKey.key);
  await takeEmailProof(deps.db, input.email);
  assertActive(user);
  await clearLimit(deps.db, emailKey.key);
  await revokeUserSessions(deps.db, user.id, 'passcode');
  const accessToken = await openSession(deps.db, { userId: user.id, stage: 'passcode', ip: ctx.ip, userAgent: ctx.userAgent });
  await audit(deps.db, user.id, 'login-password', ctx.ip);
  return {
    id: Number(user.id),
    passcode_set: user.passcode_hash ? 1 : 0,
    avatar: user.avatar,
    accessToken,
    ...(await kycFlowFor(deps, user)),
  };
}

function assertActive(user: UserRow): void {
  if (user.status === 2 || user.status === 3) {
    throw new ApiError(403, 'Your account is not active. Please contact support.');
  }
}

/** Trades the password-stage session for a full one (the token is rotated). */
async function upgradeSession(deps: Deps, ctx: AuthedContext, user: UserRow): Promise<string> {
  return deps.db.transaction().execute(async (trx) => {
    await revokeSession(trx, ctx.session.sessionId);
    await trx.updateTable('users').set({ last_login_at: new Date(), passcode_failed_attempts: 0 }).where('id', '=', user.id).execute();
    return openSession(trx, { userId: user.id, stage: 'user', ip: ctx.ip, userAgent: ctx.userAgent, adminLogin: ctx.session.adminLogin });
  });
}

export async function setPasscode(deps: Deps, ctx: AuthedContext, input: TSetPasscodeRequest) {
  const user = await getUserById(deps.db, ctx.session.userId);
  if (user.passcode_hash) throw new ApiError(409, 'A passcode is already set. Use Reset Pin to change it.');
  const passcodeHash = await hashSecret(input.passcode!);
  await deps.db
    .updateTable('users')
    .set({ passcode_hash: passcodeHash, passcode_failed_attempts: 0, passcode_locked_at: null, device_token: input.deviceToken || null })
    .where('id', '=', user.id)
    .execute();
  const accessToken = await upgradeSession(deps, ctx, user);
  const fresh = await getUserById(deps.db, user.id);
  await audit(deps.db, user.id, 'set-passcode', ctx.ip);
  return { accessToken, user: toUserView(fresh), ...(await kycFlowFor(deps, fresh)) };
}

export async function passcodeLogin(deps: Deps, ctx: AuthedContext, input: TPasscodeLoginRequest) {
  const user = await getUserById(deps.db, ctx.session.userId);
  if (!user.passcode_hash) throw new ApiError(422, 'Please set your passcode first.');
  // The counter lives in the database. Each try is counted before the slow check, in one
  // statement that also refuses a locked passcode, so parallel guesses cannot test more than
  // the allowed number of passcodes; a success sets the counter back to 0.
  const reserved = await sql<{ passcode_failed_attempts: number }>`
    UPDATE users SET passcode_failed_attempts = passcode_failed_attempts + 1
    WHERE id = ${user.id} AND passcode_locked_at IS NULL AND passcode_failed_attempts < ${PASSCODE_MAX_WRONG_TRIES}
    RETURNING passcode_failed_attempts`.execute(deps.db);
  if (reserved.rows.length === 0) throw new ApiError(403, PASSCODE_LOCKED);
  const failures = reserved.rows[0]?.passcode_failed_attempts ?? PASSCODE_MAX_WRONG_TRIES;
  if (!(await verifySecret(user.passcode_hash, input.passcode!))) {
    await sql`
      UPDATE users SET passcode_locked_at = now()
      WHERE id = ${user.id} AND passcode_locked_at IS NULL AND passcode_failed_attempts >= ${PASSCODE_MAX_WRONG_TRIES}`.execute(deps.db);
    await audit(deps.db, user.id, 'passcode-wrong', ctx.ip);
    if (failures >= PASSCODE_MAX_WRONG_TRIES) throw new ApiError(403, PASSCODE_LOCKED);
    const left = PASSCODE_MAX_WRONG_TRIES - failures;
    throw new ApiError(422, `The passcode is incorrect. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`);
  }
  if (input.deviceToken) await deps.db.updateTable('users').set({ device_token: input.deviceToken }).where('id', '=', user.id).execute();
  const accessToken = await upgradeSession(deps, ctx, user);
  const fresh = await getUserById(deps.db, user.id);
  await audit(deps.db, user.id, 'login-passcode', ctx.ip);
  return { accessToken, user: toUserView(fresh), avatar: fresh.avatar, ...(await kycFlowFor(deps, fresh)) };
}

/** Answers the same whether or not the e-mail has an account; only an account gets the code. */
export async function verifyEmailGeneral(deps: Deps, ctx: CallContext, email: string, type: number, verResponse: string) {
  await requireBotCheck(deps, verResponse);
  await limitOtpSends(deps, email, ctx.ip);
  const user = await findUserByEmail(deps.db, email);
  if (user) await issueOtp(deps, email, type === 1 ? 'reset-password' : 'reset-passcode');
  return null;
}

export async function resetPassword(deps: Deps, ctx: CallContext, input: TResetPasswordRequest & { email: string }) {
  await consumeOtp(deps, input.email, 'reset-password', input.otp!);
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw new ApiError(422, 'The code is invalid or has expired. Please request a new one.');
  await deps.db
    .updateTable('users')
    .set({ password_hash: await hashSecret(input.password!), updated_at: new Date() })
    .where('id', '=', user.id)
    .execute();
  await revokeUserSessions(deps.db, user.id);
  await clearLimit(deps.db, `login-email:${input.email}`);
  await audit(deps.db, user.id, 'reset-password', ctx.ip);
  return null;
}

export async function resetPasscode(deps: Deps, ctx: CallContext, input: TResetPasscodeRequest & { email: string }) {
  await consumeOtp(deps, input.email, 'reset-passcode', input.otp!);
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw new ApiError(422, 'The code is invalid or has expired. Please request a new one.');
  await deps.db
    .updateTable('users')
    .set({
      passcode_hash: await hashSecret(input.passcode!),
      passcode_failed_attempts: 0,
      passcode_locked_at: null,
      updated_at: new Date(),
    })
    .where('id', '=', user.id)
    .execute();
  // Full sessions end; a password-stage session may go on to the passcode screen.
  await revokeUserSessions(deps.db, user.id, 'user');
  await audit(deps.db, user.id, 'reset-passcode', ctx.ip);
  return null;
}

export async function logout(deps: Deps, ctx: AuthedContext) {
  await revokeSession(deps.db, ctx.session.sessionId);
  await audit(deps.db, ctx.session.userId, 'logout', ctx.ip);
  return null;
}

async function audit(db: Deps['db'] | Parameters<typeof revokeSession>[0], userId: bigint, action: string, ip: string) {
  await db.insertInto('audit_log').values({ user_id: userId, actor: 'user', action, detail: null, ip }).execute();
}
