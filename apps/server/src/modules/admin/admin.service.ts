// The operations console (DECISIONS 17): the rules of each console call. Reviews of stores and
// identity verifications change other modules' data through their services (stores, kyc) in
// one transaction with the audit row and the notification; logging in as a merchant opens an
// impersonation session (auth's sessions) that every later call is audited under.
import {
  STORE_REVIEW_MOVES,
  STORE_STATUS,
  STORE_STATUS_LABEL,
  USER_STATUS,
  isBlockedUserStatus,
  type TAdminGetAuditLogInput,
  type TAdminGetKycSubmissionsInput,
  type TAdminGetMerchantsInput,
  type TAdminGetStoresInput,
  type TAdminMerchantRow,
  type TAdminReviewKycInput,
  type TAdminReviewStoreInput,
  type TUser,
} from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import { defineList, listPage } from '../../db/lists.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { fail } from '../../transport/errors.ts';
import type { Scope } from '../../transport/scope.ts';
import { listAuditLog } from '../audit/audit.service.ts';
import { openSession, revokeSession, type Impersonator } from '../auth/sessions.ts';
import { getUserView } from '../auth/users.service.ts';
import { listKycSubmissions, readSubmittedFile, recordKycReview } from '../kyc/kyc-review.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { ensureStoreChannels, listStoresForReview } from '../stores/store-review.service.ts';
import { recordStoreReview } from '../stores/stores.service.ts';
import { KYC_REVIEWED, STORE_REVIEWED } from './admin.notifications.ts';
import { findMerchantAccount, merchantListSource, type MerchantRow } from './admin.repository.ts';

/** The cookie that tells the browser an impersonation is open. The app never trusts it alone (DECISIONS 29). */
export const ADMIN_LOGIN_COOKIE = 'admin_login';

export function adminLoginCookie(open: boolean, secure: boolean): string {
  const flags = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return open ? `${ADMIN_LOGIN_COOKIE}=1; ${flags}` : `${ADMIN_LOGIN_COOKIE}=; Max-Age=0; ${flags}`;
}

export async function getStores(deps: Deps, input: TAdminGetStoresInput) {
  return listStoresForReview(deps.db, { status: input.status, search: input.search }, input);
}

/**
 * Reviews a store: 3 Pending Approval -> 1 Active or 2 Request For Changes; 1 -> 0 Deactive;
 * 0 -> 1. Writes the comment log (recordStoreReview, which locks the store), makes sure an
 * approved store has its online and POS channels, tells the merchant, and records the audit
 * row, all in one transaction: a refused move writes nothing.
 */
export async function reviewStore(deps: Deps, audit: AuditTrail, adminUserId: bigint, input: TAdminReviewStoreInput) {
  const storeId = BigInt(input.storeId);
  return deps.db.transaction().execute(async (trx) => {
    const before = await recordStoreReview(trx, { storeId, status: input.status, comment: input.comment, authorUserId: adminUserId });
    if (!(STORE_REVIEW_MOVES[before.status] ?? []).includes(input.status)) {
      fail('STORE_REVIEW_NOT_ALLOWED', {
        from: STORE_STATUS_LABEL[before.status] ?? String(before.status),
        to: STORE_STATUS_LABEL[input.status] ?? String(input.status),
      });
    }
    const createdChannels = input.status === STORE_STATUS.ACTIVE ? await ensureStoreChannels(trx, before) : 0;
    await notify(trx, before.merchant_user_id, STORE_REVIEWED, {
      storeId: String(storeId),
      storeName: before.name,
      status: input.status,
      statusLabel: STORE_STATUS_LABEL[input.status] ?? String(input.status),
    });
    await audit.record(trx, {
      subject: { type: 'store', id: storeId },
      detail: { from: before.status, to: input.status, merchantUserId: String(before.merchant_user_id), createdChannels },
    });
    return { id: input.storeId, status: input.status, createdChannels };
  });
}

export async function getKycSubmissions(deps: Deps, input: TAdminGetKycSubmissionsInput) {
  return listKycSubmissions(deps.db, { status: input.status, search: input.search }, input);
}

/** A document of a KYC submission, for the operator to see before deciding. */
/** A submitted KYC document for the operator's review; the read is audited (who saw whose document). */
export async function getKycFile(deps: Deps, audit: AuditTrail, fileId: number) {
  const file = await readSubmittedFile(deps.db, deps.files, BigInt(fileId));
  await audit.record(deps.db, { subject: { type: 'kyc_file', id: BigInt(fileId) }, detail: { fileName: file.fileName } });
  return file;
}

/** Approves (user Active) or suspends (user Suspended) the user's submission awaiting review. */
export async function reviewKyc(deps: Deps, audit: AuditTrail, adminUserId: bigint, input: TAdminReviewKycInput) {
  const userId = BigInt(input.userId);
  return deps.db.transaction().execute(async (trx) => {
    const outcome = await recordKycReview(trx, { userId, status: input.status, comment: input.comment, reviewerUserId: adminUserId });
    await notify(trx, userId, KYC_REVIEWED, { approved: outcome.status === USER_STATUS.ACTIVE });
    await audit.record(trx, {
      subject: { type: 'user', id: userId },
      detail: { submissionId: String(outcome.submissionId), status: outcome.status, kycStatus: outcome.kycStatus },
    });
    return { userId: input.userId, status: outcome.status, kycStatus: outcome.kycStatus };
  });
}

const merchants = defineList({
  source: merchantListSource,
  view: (row: MerchantRow): TAdminMerchantRow => ({
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    business_name: row.business_name,
    phone_number: row.phone_number,
    status: row.status,
    kyc_status: row.kyc_status,
    stores: Number(row.stores ?? 0),
    created_at: row.created_at.toISOString(),
    last_login_at: row.last_login_at ? row.last_login_at.toISOString() : null,
  }),
});

export async function getMerchants(deps: Deps, input: TAdminGetMerchantsInput) {
  return listPage(deps.db, merchants, { search: input.search }, input);
}

export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

/**
 * Opens a full session of the merchant's main account for the administrator: the session names
 * the administrator (impersonator_user_id, admin_login), so the dispatcher records every call
 * made in it with both identities, and the profile call answers adminLogin 1. It also names the
 * administrator's own session, and lives only while that one does, an hour at most, moving no
 * money (DECISIONS 52, modules/auth/sessions.ts).
 */
export async function loginAsMerchant(
  deps: Deps,
  audit: AuditTrail,
  admin: Impersonator,
  merchantUserId: bigint,
  origin: RequestOrigin,
): Promise<{ accessToken: string; user: TUser }> {
  const merchant = await findMerchantAccount(deps.db, merchantUserId);
  if (!merchant) fail('MERCHANT_NOT_FOUND');
  if (isBlockedUserStatus(merchant.status)) fail('MERCHANT_BLOCKED');
  const opened = await deps.db.transaction().execute(async (trx) => {
    const session = await openSession(trx, {
      userId: merchantUserId,
      stage: 'user',
      ip: origin.ip,
      userAgent: origin.userAgent,
      impersonator: admin,
    });
    await audit.record(trx, {
      subject: { type: 'user', id: merchantUserId },
      detail: { impersonationSessionId: String(session.sessionId) },
    });
    return session;
  });
  const user = await getUserView(deps.db, merchantUserId);
  return { accessToken: opened.token, user };
}

/** Ends the impersonation the call is made in: its session is revoked. */
export async function endImpersonation(deps: Deps, audit: AuditTrail, scope: Scope): Promise<null> {
  if (scope.impersonatorUserId === null) fail('NOT_IMPERSONATING');
  await deps.db.transaction().execute(async (trx) => {
    await revokeSession(trx, scope.sessionId);
    await audit.record(trx, { subject: { type: 'user', id: scope.accountHolderId } });
  });
  return null;
}

export async function getAuditLog(deps: Deps, input: TAdminGetAuditLogInput) {
  return listAuditLog(
    deps.db,
    {
      actorUserId: input.actorUserId === undefined ? undefined : BigInt(input.actorUserId),
      onBehalfOfUserId: input.merchantUserId === undefined ? undefined : BigInt(input.merchantUserId),
      action: input.action,
      actingAs: input.actingAs,
      fromDate: input.fromDate,
      toDate: input.toDate,
    },
    input,
  );
}
