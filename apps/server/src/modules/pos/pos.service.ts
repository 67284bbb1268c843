// POS devices: register and change a merchant's devices (DECISIONS 7: the Add and Update forms
// are real), assign the people who may sign in on a device, save what each login may run, and
// reset a login's device password (DECISIONS 10: answered once, stored only as its hash).
// Every id a caller sends is looked up under the caller's merchant; another merchant's device,
// channel, staff member or login reads as not found, and nothing of it is read or changed.
import crypto from 'node:crypto';
import {
  errorMessage,
  PAGE_LIMITS,
  POS_LIMITS,
  STORE_STATUS,
  TERMINAL_SPECIFICATIONS,
  USER_STATUS,
  type TAddPosDeviceInput,
  type TGetPosDevicesInput,
  type TGetPosDevicesResponse,
  type TPosAssignedStaff,
  type TPosDeviceRow,
  type TPosPerson,
  type TPosPivot,
  type TResetStaffPosdevicePasswordResponse,
  type TTerminalSpecificationName,
  type TUpdatePosDeviceInput,
} from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import { defineList, listPage } from '../../db/lists.ts';
import { hashSecret } from '../../lib/secrets.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { fail } from '../../transport/errors.ts';
import type { Scope } from '../../transport/scope.ts';
import { refuseSignInCreationInImpersonation } from '../auth/sessions.ts';
import * as repository from './pos.repository.ts';
import type { PosDeviceRow, PosLoginRow, PosPersonRow } from './pos.repository.ts';

/** Far above a real merchant's staff; the Assign Staff screen lists at most this many. */
export const POS_STAFF_OPTIONS_MAX = 1000;

const deviceList = defineList({ source: repository.posDeviceListSource, view: deviceView });

function deviceView(row: PosDeviceRow): TPosDeviceRow {
  return {
    id: Number(row.id),
    name: row.name,
    device_id: row.device_id,
    serial_id: row.serial_id,
    status: row.status,
    channels: [{ id: Number(row.channel_id), name: row.channel_name, code: row.channel_code }],
  };
}

function personView(row: Pick<PosPersonRow, 'id' | 'first_name' | 'last_name' | 'email'>): TPosPerson {
  return { id: Number(row.id), first_name: row.first_name, last_name: row.last_name, email: row.email };
}

function pivotView(row: PosLoginRow): TPosPivot {
  return { id: Number(row.id), username: row.username, settings: specificationsIn(row.settings), has_password: row.has_password };
}

function assignedView(row: PosLoginRow): TPosAssignedStaff {
  return { ...personView({ ...row, id: row.user_id }), pivot: pivotView(row) };
}

/** The stored names, in the catalogue's order (the column's check keeps out anything else). */
function specificationsIn(settings: readonly string[]): TTerminalSpecificationName[] {
  return TERMINAL_SPECIFICATIONS.map((spec) => spec.name).filter((name) => settings.includes(name));
}

/** get-pos-devices: the list, one device, its terminal specifications, its people. */
export async function getPosDevices(deps: Deps, scope: Scope, input: TGetPosDevicesInput): Promise<TGetPosDevicesResponse> {
  const merchantUserId = scope.accountHolderId;
  const posDeviceId = input.posDeviceId === undefined ? undefined : BigInt(input.posDeviceId);
  const page = await listPage(
    deps.db,
    deviceList,
    { merchantUserId, posDeviceId },
    { page: input.page, perPage: Math.min(input.perPage, PAGE_LIMITS.perPageMax) },
  );
  if (posDeviceId === undefined) return page;
  const device = page.data[0];
  if (!device) fail('POS_DEVICE_NOT_FOUND');
  const answer: TGetPosDevicesResponse = { ...page };
  if (input.settingDetails === 1) answer.terminalSpecificationList = TERMINAL_SPECIFICATIONS.map((spec) => ({ ...spec }));
  if (input.posDeviceStaff === 1) {
    const [logins, staff, main] = await Promise.all([
      repository.listDeviceLogins(deps.db, merchantUserId, posDeviceId),
      repository.listActiveStaff(deps.db, merchantUserId, USER_STATUS.ACTIVE, POS_STAFF_OPTIONS_MAX),
      repository.findPerson(deps.db, merchantUserId),
    ]);
    answer.device = { ...device, staff: logins.map(assignedView) };
    answer.activeStaff = staff.map(personView);
    if (main) answer.mainAccount = personView(main);
  }
  return answer;
}

/**
 * A channel a device may be put on: the merchant's, a POS channel, under an Active store (a
 * device on a Draft or reviewed-away store could not take a payment: STORE_NOT_ACTIVE).
 */
async function checkPosChannel(deps: Deps, merchantUserId: bigint, channelId: bigint): Promise<void> {
  const channel = await repository.findMerchantChannel(deps.db, merchantUserId, channelId);
  if (channel === undefined) fail('CHANNEL_NOT_FOUND', { fieldErrors: { channelId: errorMessage('CHANNEL_NOT_FOUND') } });
  if (channel.type !== 'pos') fail('POS_CHANNEL_NOT_POS', { fieldErrors: { channelId: errorMessage('POS_CHANNEL_NOT_POS') } });
  if (channel.store_status !== STORE_STATUS.ACTIVE) {
    fail('STORE_NOT_ACTIVE', { fieldErrors: { channelId: errorMessage('STORE_NOT_ACTIVE') } });
  }
}

function deviceIdTaken(): never {
  fail('POS_DEVICE_ID_TAKEN', { fieldErrors: { deviceId: errorMessage('POS_DEVICE_ID_TAKEN') } });
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const failure = error as { code?: string; constraint?: string; message?: string };
  return failure.code === '23505' && (failure.constraint === constraint || (failure.message ?? '').includes(constraint));
}

/** add-pos-device: a new Active device on one of the merchant's POS channels. */
export async function addPosDevice(deps: Deps, audit: AuditTrail, scope: Scope, input: TAddPosDeviceInput): Promise<TPosDeviceRow> {
  const merchantUserId = scope.accountHolderId;
  const channelId = BigInt(input.channelId);
  await checkPosChannel(deps, merchantUserId, channelId);
  if (await repository.isDeviceIdTaken(deps.db, input.deviceId)) deviceIdTaken();
  let posDeviceId: bigint;
  try {
    posDeviceId = await deps.db.transaction().execute(async (trx) => {
      const id = await repository.insertPosDevice(trx, {
        merchantUserId,
        channelId,
        deviceId: input.deviceId,
        serialId: input.serialId,
        name: input.name,
      });
      await audit.record(trx, { subject: { type: 'pos_device', id }, detail: { deviceId: input.deviceId, channelId: input.channelId } });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'pos_devices_device_id_key')) deviceIdTaken();
    throw error;
  }
  const row = await repository.findPosDevice(deps.db, merchantUserId, posDeviceId);
  if (!row) fail('POS_DEVICE_NOT_FOUND');
  return deviceView(row);
}

/** update-pos-device: new identifiers and name; the channel and the status when given. */
export async function updatePosDevice(deps: Deps, audit: AuditTrail, scope: Scope, input: TUpdatePosDeviceInput): Promise<TPosDeviceRow> {
  const merchantUserId = scope.accountHolderId;
  const posDeviceId = BigInt(input.posDeviceId);
  const before = await repository.findPosDevice(deps.db, merchantUserId, posDeviceId);
  if (!before) fail('POS_DEVICE_NOT_FOUND');
  const channelId = input.channelId === undefined ? undefined : BigInt(input.channelId);
  if (channelId !== undefined) await checkPosChannel(deps, merchantUserId, channelId);
  if (await repository.isDeviceIdTaken(deps.db, input.deviceId, posDeviceId)) deviceIdTaken();
  try {
    await deps.db.transaction().execute(async (trx) => {
      const changed = await repository.updatePosDevice(trx, merchantUserId, posDeviceId, {
        deviceId: input.deviceId,
        serialId: input.serialId,
        name: input.name,
        channelId,
        status: input.status,
      });
      if (changed !== 1) fail('POS_DEVICE_NOT_FOUND');
      await audit.record(trx, {
        subject: { type: 'pos_device', id: posDeviceId },
        detail: {
          from: {
            deviceId: before.device_id,
            serialId: before.serial_id,
            name: before.name,
            channelId: Number(before.channel_id),
            status: before.status,
          },
          to: { deviceId: input.deviceId, serialId: input.serialId, name: input.name, channelId: input.channelId, status: input.status },
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'pos_devices_device_id_key')) deviceIdTaken();
    throw error;
  }
  const row = await repository.findPosDevice(deps.db, merchantUserId, posDeviceId);
  if (!row) fail('POS_DEVICE_NOT_FOUND');
  return deviceView(row);
}

/** A login's username: the person's first name in plain letters and their id (unique on a device, as a person is). */
export function usernameFor(person: { id: bigint; first_name: string }): string {
  const letters = person.first_name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .slice(0, 20);
  return `${letters || 'staff'}.${person.id}`;
}

/**
 * manage-pos-devices with staffIds: exactly these people are assigned to the device afterwards.
 * Each must be an Active staff member of the merchant, or the main account itself, which only the
 * main account may assign or unassign (a staff member's save leaves the main account's login
 * as it is). Logins kept keep their username, password and settings.
 */
export async function assignPosStaff(
  deps: Deps,
  audit: AuditTrail,
  scope: Scope,
  posDeviceIdInput: number,
  staffIdsInput: readonly number[],
): Promise<TPosAssignedStaff[]> {
  const merchantUserId = scope.accountHolderId;
  const posDeviceId = BigInt(posDeviceIdInput);
  const wanted = [...new Set(staffIdsInput.map((id) => BigInt(id)))];
  const mainMayChange = scope.role === 'owner';
  const people = await repository.listMerchantPeople(deps.db, merchantUserId, wanted);
  const byId = new Map(people.map((person) => [person.id, person]));
  if (!(await repository.findPosDevice(deps.db, merchantUserId, posDeviceId))) fail('POS_DEVICE_NOT_FOUND');
  for (const id of wanted) {
    const person = byId.get(id);
    if (!person) fail('POS_STAFF_NOT_FOUND');
    if (person.id === merchantUserId) {
      if (!mainMayChange) fail('POS_MAIN_ACCOUNT_OWNER_ONLY');
    } else if (person.status !== USER_STATUS.ACTIVE) fail('POS_STAFF_NOT_ACTIVE');
  }
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repository.lockPosDevice(trx, merchantUserId, posDeviceId))) fail('POS_DEVICE_NOT_FOUND');
    const current = await repository.listDeviceLogins(trx, merchantUserId, posDeviceId);
    const currentIds = new Set(current.map((login) => login.user_id));
    const wantedIds = new Set(wanted);
    const removed = current.map((login) => login.user_id).filter((id) => !wantedIds.has(id) && (mainMayChange || id !== merchantUserId));
    const added = wanted.filter((id) => !currentIds.has(id));
    await repository.deleteLogins(trx, merchantUserId, posDeviceId, removed);
    await repository.insertLogins(
      trx,
      merchantUserId,
      posDeviceId,
      added.map((id) => ({ userId: id, username: usernameFor(byId.get(id)!) })),
    );
    await audit.record(trx, {
      subject: { type: 'pos_device', id: posDeviceId },
      detail: { assigned: added.map(Number), unassigned: removed.map(Number) },
    });
    const after = await repository.listDeviceLogins(trx, merchantUserId, posDeviceId);
    return after.map(assignedView);
  });
}

/** manage-pos-devices with posStaffId: the terminal specifications one login may run. */
export async function savePosStaffSettings(
  deps: Deps,
  audit: AuditTrail,
  scope: Scope,
  posStaffIdInput: number,
  settings: readonly TTerminalSpecificationName[],
): Promise<TPosPivot> {
  const merchantUserId = scope.accountHolderId;
  const loginId = BigInt(posStaffIdInput);
  const ordered = specificationsIn(settings);
  return deps.db.transaction().execute(async (trx) => {
    const login = await repository.lockLogin(trx, merchantUserId, loginId);
    if (!login) fail('POS_ASSIGNMENT_NOT_FOUND');
    await repository.setLoginSettings(trx, loginId, ordered);
    await audit.record(trx, {
      subject: { type: 'pos_device_staff', id: loginId },
      detail: { posDeviceId: Number(login.pos_device_id), from: specificationsIn(login.settings), to: ordered },
    });
    return pivotView({ ...login, settings: ordered });
  });
}

const PASSWORD_ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789'] as const;

/** A random device password: letters and digits without look-alikes, at least one of each kind. */
export function newDevicePassword(): string {
  const all = PASSWORD_ALPHABETS.join('');
  const chars = PASSWORD_ALPHABETS.map((alphabet) => alphabet[crypto.randomInt(alphabet.length)]!);
  while (chars.length < POS_LIMITS.passwordChars) chars.push(all[crypto.randomInt(all.length)]!);
  for (let index = chars.length - 1; index > 0; index--) {
    const other = crypto.randomInt(index + 1);
    [chars[index], chars[other]] = [chars[other]!, chars[index]!];
  }
  return chars.join('');
}

/** reset-staff-posdevice-password: a new password for the person's login on the device, answered once. */
export async function resetPosStaffPassword(
  deps: Deps,
  audit: AuditTrail,
  scope: Scope,
  posDeviceIdInput: number,
  staffIdInput: number,
): Promise<TResetStaffPosdevicePasswordResponse> {
  refuseSignInCreationInImpersonation(scope);
  const merchantUserId = scope.accountHolderId;
  const posDeviceId = BigInt(posDeviceIdInput);
  const userId = BigInt(staffIdInput);
  if (!(await repository.findPosDevice(deps.db, merchantUserId, posDeviceId))) fail('POS_DEVICE_NOT_FOUND');
  const password = newDevicePassword();
  const passwordHash = await hashSecret(password);
  return deps.db.transaction().execute(async (trx) => {
    const login = await repository.lockLoginOf(trx, merchantUserId, posDeviceId, userId);
    if (!login) fail('POS_ASSIGNMENT_NOT_FOUND');
    await repository.setLoginPasswordHash(trx, login.id, passwordHash);
    // The password never reaches the audit log: only whose login was reset.
    await audit.record(trx, {
      subject: { type: 'pos_device_staff', id: login.id },
      detail: { posDeviceId: Number(posDeviceId), staffId: Number(userId) },
    });
    return { username: login.username, password };
  });
}
