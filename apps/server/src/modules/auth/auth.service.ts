// Sign-up and sign-in: e-mail one-time code, password, passcode, and the two resets.
import crypto from 'node:crypto';
import {
  isBlockedUserStatus,
  isSignInPhone,
  RESET_TYPE,
  type TLoginInput,
  type TPasscodeLoginInput,
  type TRegisterInput,
  type TResetPasscodeInput,
  type TResetPasswordInput,
  type TSetPasscodeInput,
} from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { CallContext } from '../../transport/dispatcher.ts';
import type { Scope } from '../../transport/scope.ts';
import { fail } from '../../transport/errors.ts';
import { recordAudit, signInEvent } from '../audit/audit.service.ts';
import { hashSecret, verifySecret } from '../../lib/secrets.ts';
import { checkLimit, clearLimit, forgiveHit, hitLimit } from '../../lib/rate-limit.ts';
import { requireBotCheck } from '../../lib/bot-check.ts';
import { consumeOtp, issueOtp, limitOtpSends } from './otp.ts';
import { isStaffNotActive, openSession, revokeSession, revokeUserSessions, type OpenedSession } from './sessions.ts';
import * as emailProofs from './otp.repository.ts';
import {
  findUserByEmail,
  findUserByPhone,
  getUserById,
  insertUser,
  isPhoneTaken,
  lockPasscodeIfExhausted,
  recordSignIn,
  releasePasscodeTry,
  reservePasscodeTry,
  resetPasscodeHash,
  setDeviceToken,
  setPasscodeHash,
  setPasswordHash,
  type UserRow,
} from './users.repository.ts';
import { toUserView } from './user-view.ts';
import { createDefaultWallet } from '../wallets/wallets.service.ts';
import { kycFlowFor } from '../kyc/kyc.service.ts';

export const EMAIL_PROOF_LIFE_S = 30 * 60;
export const LOGIN_FAILURES_PER_EMAIL = 5;
export const LOGIN_FAILURES_PER_IP = 30;
export const LOGIN_WINDOW_S = 15 * 60;
export const PASSCODE_MAX_WRONG_TRIES = 5;
const PHONE_NOT_REGISTERED_FIELD = 'No account uses this phone number.';

// Verifying against a fixed hash when the e-mail is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;
const slowDummyVerify = async (password: string) => {
  dummyHash ??= hashSecret(crypto.randomBytes(16).toString('hex'));
  await verifySecret(await dummyHash, password);
};

/**
 * The e-mail a sign-in goes on with (DECISIONS 26): the e-mail step, the code, the password and
 * the resets take a phone in place of the e-mail. A phone resolves to the e-mail of the account
 * holding it; an unknown phone resolves to itself, a name no code, proof, limit or account has
 * been keyed by, so every step after answers it exactly as it answers a known phone that has
 * not been through the e-mail step (or an unknown e-mail).
 */
export async function signInEmail(deps: Deps, name: string): Promise<string> {
  if (!isSignInPhone(name)) return name;
  const user = await findUserByPhone(deps.db, name);
  return user?.email ?? name;
}

export async function verifyEmail(deps: Deps, ctx: CallContext, email: string, verResponse: string) {
  await requireBotCheck(deps, verResponse);
  await limitOtpSends(deps, email, ctx.ip);
  // A phone that still reads as a phone has no account: nobody can sign up with a phone, so
  // there is no code to send. This step tells, like accountExist does for an e-mail.
  if (isSignInPhone(email)) fail('PHONE_NOT_REGISTERED', { fieldErrors: { email: PHONE_NOT_REGISTERED_FIELD } });
  await issueOtp(deps, email, 'sign-in');
  const user = await findUserByEmail(deps.db, email);
  return { otpVerification: 1, accountExist: user ? 1 : 0 };
}

export async function verifyOtp(deps: Deps, email: string, otp: string) {
  await consumeOtp(deps, email, 'sign-in', otp);
  await leaveEmailProof(deps.db, email);
  const user = await findUserByEmail(deps.db, email);
  return { accountExist: user ? 1 : 0 };
}

/** Records that the e-mail's owner read a code just now: one sign-in or sign-up may follow. */
async function leaveEmailProof(db: Queryable, email: string): Promise<void> {
  const now = new Date();
  await emailProofs.upsertEmailProof(db, email, now, new Date(now.getTime() + EMAIL_PROOF_LIFE_S * 1000));
}

/** Uses up the e-mail proof a verified one-time code left; a proof opens one sign-in or sign-up. */
async function takeEmailProof(db: Queryable, email: string): Promise<void> {
  if (!(await emailProofs.takeEmailProof(db, email))) fail('EMAIL_NOT_PROVEN');
}

/** The phone as stored: international form, '+' and digits. */
export function internationalPhone(carrierCode: string, phone: string): string {
  if (phone.startsWith('+')) return phone;
  return `+${carrierCode.replace(/\D/g, '')}${phone.replace(/^0+/, '')}`;
}

export async function register(deps: Deps, ctx: CallContext, input: TRegisterInput) {
  if (!(await emailProofs.hasEmailProof(deps.db, input.email))) fail('EMAIL_NOT_PROVEN');
  if (await findUserByEmail(deps.db, input.email)) fail('EMAIL_TAKEN', { fieldErrors: { email: 'The email has already been taken.' } });
  const phone = internationalPhone(input.carrierCode, input.phone);
  if (await isPhoneTaken(deps.db, phone)) fail('PHONE_TAKEN', { fieldErrors: { phone: 'The phone has already been taken.' } });
  const passwordHash = await hashSecret(input.password);
  const registered = await deps.db
    .transaction()
    .execute(async (trx) => {
      // The proof is used up in the same transaction: a refused sign-up keeps it.
      await takeEmailProof(trx, input.email);
      const created = await insertUser(trx, {
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
      });
      await createDefaultWallet(trx, created.id);
      const session = await openSession(trx, { userId: created.id, stage: 'passcode', ip: ctx.ip, userAgent: ctx.userAgent });
      await recordAudit(
        trx,
        signInEvent('auth.register', { userId: created.id, sessionId: session.sessionId, ip: ctx.ip, callPath: ctx.callPath }),
      );
      return { user: created, token: session.token };
    })
    .catch((error: unknown) => {
      // Two sign-ups racing for one e-mail or phone: the unique index decides, the loser gets 409.
      if ((error as { code?: string }).code === '23505') fail('EMAIL_OR_PHONE_TAKEN');
      throw error;
    });
  return { accessToken: registered.token, user: toUserView(registered.user) };
}

export async function login(deps: Deps, ctx: CallContext, input: TLoginInput) {
  const emailKey = { key: `login-email:${input.email}`, max: LOGIN_FAILURES_PER_EMAIL, windowS: LOGIN_WINDOW_S };
  const ipKey = { key: `login-ip:${ctx.ip}`, max: LOGIN_FAILURES_PER_IP, windowS: LOGIN_WINDOW_S };
  await checkLimit(deps.db, emailKey, 'TOO_MANY_SIGN_IN_ATTEMPTS');
  await checkLimit(deps.db, ipKey, 'TOO_MANY_SIGN_IN_ATTEMPTS');
  // Without the e-mail's one-time code no password is even tried.
  if (!(await emailProofs.hasEmailProof(deps.db, input.email))) fail('EMAIL_NOT_PROVEN');
  // The try is counted before the slow password check (one atomic statement per key), so a
  // burst of parallel guesses cannot all pass the check above; a right password gives it back.
  await hitLimit(deps.db, emailKey, 'TOO_MANY_SIGN_IN_ATTEMPTS');
  await hitLimit(deps.db, ipKey, 'TOO_MANY_SIGN_IN_ATTEMPTS');
  const user = await findUserByEmail(deps.db, input.email);
  const passwordOk = user ? await verifySecret(user.password_hash, input.password) : (await slowDummyVerify(input.password), false);
  if (!user || !passwordOk) {
    await recordAudit(deps.db, signInEvent('auth.login-refused', { userId: user?.id ?? null, ip: ctx.ip, callPath: ctx.callPath }));
    fail('BAD_CREDENTIALS');
  }
  await forgiveHit(deps.db, ipKey.key);
  await takeEmailProof(deps.db, input.email);
  assertActive(user);
  await clearLimit(deps.db, emailKey.key);
  await revokeUserSessions(deps.db, user.id, 'passcode');
  const session = await openSession(deps.db, { userId: user.id, stage: 'passcode', ip: ctx.ip, userAgent: ctx.userAgent });
  await recordAudit(
    deps.db,
    signInEvent('auth.login-password', { userId: user.id, sessionId: session.sessionId, ip: ctx.ip, callPath: ctx.callPath }),
  );
  return {
    id: Number(user.id),
    passcode_set: user.passcode_hash ? 1 : 0,
    avatar: user.avatar,
    accessToken: session.token,
    ...(await kycFlowFor(deps, user)),
  };
}

function assertActive(user: UserRow): void {
  // A merchant's staff member signs in only while Active (a Pending one is not yet let in).
  if (isStaffNotActive(user)) fail('STAFF_NOT_ACTIVE');
  if (isBlockedUserStatus(user.status)) fail('ACCOUNT_INACTIVE');
}

/**
 * The passcode steps are the account holder's own: an administrator logged in as a merchant
 * would test the merchant's passcode (and spend its tries), and a new session from them would
 * outlive the administrator's. Refused before anything is counted or written.
 */
function refuseInImpersonation(scope: Scope): void {
  if (scope.impersonatorUserId !== null) fail('IMPERSONATION_CANNOT_SIGN_IN');
}

/** Trades the password-stage session for a full one (the token is rotated). Never an impersonation (refuseInImpersonation). */
async function upgradeSession(deps: Deps, ctx: CallContext<Scope>, user: UserRow): Promise<OpenedSession> {
  return deps.db.transaction().execute(async (trx) => {
    await revokeSession(trx, ctx.scope.sessionId);
    await recordSignIn(trx, user.id);
    return openSession(trx, { userId: user.id, stage: 'user', ip: ctx.ip, userAgent: ctx.userAgent });
  });
}

export async function setPasscode(deps: Deps, ctx: CallContext<Scope>, input: TSetPasscodeInput) {
  refuseInImpersonation(ctx.scope);
  const user = await getUserById(deps.db, ctx.scope.actorUserId);
  if (user.passcode_hash) fail('PASSCODE_ALREADY_SET');
  const passcodeHash = await hashSecret(input.passcode);
  await setPasscodeHash(deps.db, user.id, passcodeHash, input.deviceToken || null);
  const session = await upgradeSession(deps, ctx, user);
  const fresh = await getUserById(deps.db, user.id);
  await recordAudit(
    deps.db,
    signInEvent('auth.set-passcode', { userId: user.id, sessionId: session.sessionId, ip: ctx.ip, callPath: ctx.callPath }),
  );
  return { accessToken: session.token, user: toUserView(fresh), ...(await kycFlowFor(deps, fresh)) };
}

export async function passcodeLogin(deps: Deps, ctx: CallContext<Scope>, input: TPasscodeLoginInput) {
  refuseInImpersonation(ctx.scope);
  const user = await getUserById(deps.db, ctx.scope.actorUserId);
  if (!user.passcode_hash) fail('PASSCODE_NOT_SET');
  // The counter lives in the database. Each try is counted before the slow check, in one
  // statement that also refuses a locked passcode, so parallel guesses cannot test more than
  // the allowed number of passcodes; a success sets the counter back to 0. Only a wrong
  // passcode keeps the try: a failure of ours (a thrown error, anything but the verdict
  // "wrong") gives it back, so no server fault can lock anyone out.
  const failures = await reservePasscodeTry(deps.db, user.id, PASSCODE_MAX_WRONG_TRIES);
  if (failures === undefined) fail('PASSCODE_LOCKED');
  const matches = await givingTheTryBackOnFailure(deps, user.id, () => verifySecret(user.passcode_hash!, input.passcode));
  if (!matches) {
    await lockPasscodeIfExhausted(deps.db, user.id, PASSCODE_MAX_WRONG_TRIES);
    await recordAudit(
      deps.db,
      signInEvent('auth.passcode-wrong', { userId: user.id, sessionId: ctx.scope.sessionId, ip: ctx.ip, callPath: ctx.callPath }),
    );
    if (failures >= PASSCODE_MAX_WRONG_TRIES) fail('PASSCODE_LOCKED');
    fail('PASSCODE_INCORRECT', { attemptsLeft: PASSCODE_MAX_WRONG_TRIES - failures });
  }
  // The passcode was right: until the session is upgraded (which sets the counter to 0), a
  // failure gives the try back too.
  const session = await givingTheTryBackOnFailure(deps, user.id, async () => {
    if (input.deviceToken) await setDeviceToken(deps.db, user.id, input.deviceToken);
    return upgradeSession(deps, ctx, user);
  });
  const fresh = await getUserById(deps.db, user.id);
  await recordAudit(
    deps.db,
    signInEvent('auth.login-passcode', { userId: user.id, sessionId: session.sessionId, ip: ctx.ip, callPath: ctx.callPath }),
  );
  return { accessToken: session.token, user: toUserView(fresh), avatar: fresh.avatar, ...(await kycFlowFor(deps, fresh)) };
}

/** Runs `work`; if it throws, the reserved passcode try is given back before the error goes on. */
async function givingTheTryBackOnFailure<T>(deps: Deps, userId: bigint, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await releasePasscodeTry(deps.db, userId).catch((releaseError: unknown) => {
      deps.log.error({ err: errorName(releaseError), userId: String(userId) }, 'could not give a passcode try back');
    });
    throw error;
  }
}

/** The error's name and message only: a database error's detail may quote a row. */
function errorName(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
}

/** Answers the same whether or not the e-mail has an account; only an account gets the code. */
export async function verifyEmailGeneral(deps: Deps, ctx: CallContext, email: string, type: number, verResponse: string) {
  await requireBotCheck(deps, verResponse);
  await limitOtpSends(deps, email, ctx.ip);
  const user = await findUserByEmail(deps.db, email);
  if (user) await issueOtp(deps, email, type === RESET_TYPE.PASSWORD ? 'reset-password' : 'reset-passcode');
  return null;
}

export async function resetPassword(deps: Deps, ctx: CallContext, input: TResetPasswordInput) {
  await consumeOtp(deps, input.email, 'reset-password', input.otp);
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) fail('OTP_INVALID');
  await setPasswordHash(deps.db, user.id, await hashSecret(input.password));
  await revokeUserSessions(deps.db, user.id);
  await clearLimit(deps.db, `login-email:${input.email}`);
  // The reset code was read from the same mailbox as a sign-in code (DECISIONS 24): it counts
  // as the e-mail step, so the login that follows needs no other code.
  await leaveEmailProof(deps.db, input.email);
  await recordAudit(deps.db, signInEvent('auth.reset-password', { userId: user.id, ip: ctx.ip, callPath: ctx.callPath }));
  return null;
}

export async function resetPasscode(deps: Deps, ctx: CallContext, input: TResetPasscodeInput) {
  await consumeOtp(deps, input.email, 'reset-passcode', input.otp);
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) fail('OTP_INVALID');
  await resetPasscodeHash(deps.db, user.id, await hashSecret(input.passcode));
  // Full sessions end; a password-stage session may go on to the passcode screen. Without one
  // (it expired, or the reset was done elsewhere) the password step follows, and the reset code
  // counts as its e-mail step (DECISIONS 24).
  await revokeUserSessions(deps.db, user.id, 'user');
  await leaveEmailProof(deps.db, input.email);
  await recordAudit(deps.db, signInEvent('auth.reset-passcode', { userId: user.id, ip: ctx.ip, callPath: ctx.callPath }));
  return null;
}

export async function logout(deps: Deps, ctx: CallContext<Scope>) {
  await revokeSession(deps.db, ctx.scope.sessionId);
  await recordAudit(
    deps.db,
    signInEvent('auth.logout', { userId: ctx.scope.actorUserId, sessionId: ctx.scope.sessionId, ip: ctx.ip, callPath: ctx.callPath }),
  );
  return null;
}
