// A merchant's staff (spec 3 sections 2.2, 5, 6, 7): the list, adding and updating staff
// members and the features each may use. The rules of who may do what:
// - every call acts on the main account's staff only (scope.accountHolderId); the main account
//   itself and another merchant's staff read as not found;
// - a staff member granted 'merchant-staff' manages the other staff, but never themselves, and
//   grants only features they hold; features they do not hold stay on the other member as they were;
// - a status other than Active ends the staff member's sessions at once.
import crypto from 'node:crypto';
import {
  KYC_STATUS,
  USER_STATUS,
  USER_STATUS_LABEL,
  STAFF_LIMITS,
  type TAddMerchantStaffInput,
  type TGetMerchantStaffInput,
  type TGetMerchantStaffResponse,
  type TManageMerchantStaffFeaturesInput,
  type TStaffFeatures,
  type TStaffRow,
  type TUpdateMerchantStaffInput,
} from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import { defineList, listPage } from '../../db/lists.ts';
import { hashSecret } from '../../lib/secrets.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { fail } from '../../transport/errors.ts';
import type { Scope } from '../../transport/scope.ts';
import { refuseSignInCreationInImpersonation, revokeUserSessions } from '../auth/sessions.ts';
import {
  findStaff,
  insertStaffUser,
  isEmailTaken,
  isPhoneTaken,
  listGrantedFeatureIds,
  listMerchantFeatures,
  listStaffByStatus,
  replaceGrantedFeatures,
  staffListSource,
  updateStaffDetails,
  type StaffRow,
} from './staff.repository.ts';

export function staffView(row: StaffRow): TStaffRow {
  return {
    id: Number(row.id),
    email: row.email,
    phone_number: row.phone_number,
    first_name: row.first_name,
    last_name: row.last_name,
    status: row.status,
    status_str: USER_STATUS_LABEL[row.status] ?? USER_STATUS_LABEL[USER_STATUS.SUSPENDED]!,
    parent_user_id: Number(row.parent_user_id),
    created_at: new Date(row.created_at).toISOString(),
  };
}

const staffList = defineList({ source: staffListSource, view: (row: StaffRow) => staffView(row) });

export async function getMerchantStaff(deps: Deps, scope: Scope, input: TGetMerchantStaffInput): Promise<TGetMerchantStaffResponse> {
  const merchantUserId = scope.accountHolderId;
  if (input.status === USER_STATUS.ACTIVE) {
    const rows = await listStaffByStatus(deps.db, merchantUserId, USER_STATUS.ACTIVE, STAFF_LIMITS.activeListMax);
    return { data: rows.map(staffView) };
  }
  const userId = input.userId === undefined ? undefined : BigInt(input.userId);
  return listPage(deps.db, staffList, { merchantUserId, search: input.search, userId }, input);
}

/** The phone as stored: international form, '+' and digits (the phone rule allows nothing else). */
function storedPhone(phone: string): string {
  return `+${phone.replace(/\D/g, '')}`;
}

export async function addMerchantStaff(deps: Deps, scope: Scope, audit: AuditTrail, input: TAddMerchantStaffInput): Promise<TStaffRow> {
  refuseSignInCreationInImpersonation(scope);
  const phone = storedPhone(input.phoneNumber);
  if (await isEmailTaken(deps.db, input.email)) fail('EMAIL_TAKEN', { fieldErrors: { email: 'The email has already been taken.' } });
  if (await isPhoneTaken(deps.db, phone)) fail('PHONE_TAKEN', { fieldErrors: { phoneNumber: 'The phone has already been taken.' } });
  const passwordHash = await hashSecret(input.password);
  const created = await deps.db
    .transaction()
    .execute(async (trx) => {
      const row = await insertStaffUser(trx, {
        uuid: crypto.randomUUID(),
        type: 'merchant',
        first_name: input.firstName,
        last_name: input.lastName,
        business_name: null,
        // The merchant typed the address; the staff member still proves it with a code at every sign-in.
        email: input.email,
        carrier_code: null,
        phone_number: phone,
        password_hash: passwordHash,
        // Set by the staff member at the first sign-in (set-passcode).
        passcode_hash: null,
        status: input.status,
        // Identity verification is the main account's: a staff member has none of their own.
        kyc_status: KYC_STATUS.APPROVED,
        parent_user_id: scope.accountHolderId,
        avatar: null,
        device_token: null,
      });
      await audit.record(trx, { subject: { type: 'user', id: row.id }, detail: { status: row.status } });
      return row;
    })
    .catch((error: unknown) => {
      // Two adds racing for one e-mail or phone: the unique index decides, the loser gets 409.
      if ((error as { code?: string }).code === '23505') fail('EMAIL_OR_PHONE_TAKEN');
      throw error;
    });
  return staffView(created);
}

function refuseSelf(scope: Scope, userId: bigint): void {
  if (scope.role === 'staff' && scope.actorUserId === userId) fail('STAFF_SELF_CHANGE');
}

export async function updateMerchantStaff(
  deps: Deps,
  scope: Scope,
  audit: AuditTrail,
  input: TUpdateMerchantStaffInput,
): Promise<TStaffRow> {
  const userId = BigInt(input.userId);
  refuseSelf(scope, userId);
  const updated = await deps.db.transaction().execute(async (trx) => {
    const before = await findStaff(trx, scope.accountHolderId, userId, true);
    if (!before) fail('STAFF_NOT_FOUND');
    const after = await updateStaffDetails(trx, scope.accountHolderId, userId, {
      first_name: input.firstName,
      last_name: input.lastName,
      status: input.status,
    });
    // Only an Active staff member may be signed in: any other status ends their sessions now.
    if (after.status !== USER_STATUS.ACTIVE) await revokeUserSessions(trx, userId);
    await audit.record(trx, {
      subject: { type: 'user', id: userId },
      detail: { statusBefore: before.status, status: after.status },
    });
    return after;
  });
  return staffView(updated);
}

export async function getMerchantStaffFeatures(deps: Deps, scope: Scope, userIdInput: number): Promise<TStaffFeatures[]> {
  const userId = BigInt(userIdInput);
  const staff = await findStaff(deps.db, scope.accountHolderId, userId);
  if (!staff) fail('STAFF_NOT_FOUND');
  const ids = await listGrantedFeatureIds(deps.db, userId);
  return [{ user_id: Number(userId), features: ids.map((id) => ({ feature_id: id })) }];
}

export async function manageMerchantStaffFeatures(
  deps: Deps,
  scope: Scope,
  audit: AuditTrail,
  input: TManageMerchantStaffFeaturesInput,
): Promise<TStaffFeatures> {
  const userId = BigInt(input.userId);
  refuseSelf(scope, userId);
  const requested = [...new Set(input.featureId)].sort((a, b) => a - b);
  const catalogue = await listMerchantFeatures(deps.db);
  const slugOf = new Map(catalogue.map((feature) => [feature.id, feature.slug]));
  if (requested.some((id) => !slugOf.has(id))) fail('FEATURE_UNKNOWN', { fieldErrors: { featureId: 'The selected feature is invalid.' } });
  const granted = await deps.db.transaction().execute(async (trx) => {
    if (!(await findStaff(trx, scope.accountHolderId, userId, true))) fail('STAFF_NOT_FOUND');
    const current = await listGrantedFeatureIds(trx, userId);
    let next = requested;
    const own = scope.grantedFeatures;
    if (own !== null) {
      // A staff member grants and removes only features they hold; the others stay as they were.
      const mine = (id: number) => own.has(slugOf.get(id) ?? '');
      if (requested.some((id) => !mine(id) && !current.includes(id))) fail('FEATURE_GRANT_NOT_ALLOWED');
      next = [...new Set([...requested.filter(mine), ...current.filter((id) => !mine(id))])].sort((a, b) => a - b);
    }
    await replaceGrantedFeatures(trx, userId, next);
    await audit.record(trx, {
      subject: { type: 'user', id: userId },
      detail: { before: current.map((id) => slugOf.get(id) ?? id), after: next.map((id) => slugOf.get(id) ?? id) },
    });
    return next;
  });
  return { user_id: Number(userId), features: granted.map((id) => ({ feature_id: id })) };
}
