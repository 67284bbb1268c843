// Queries of POS devices and their logins (pos_device_staff). Every query names the merchant,
// so another merchant's device, channel, staff member or login finds nothing and reads as not
// found. The people a device may be given (the merchant's staff and main account) are read
// here from users, only the columns the POS screens show.
import type { Queryable } from '../../db/database.ts';
import { defineListSource } from '../../db/lists.ts';

export interface PosDeviceListParams {
  merchantUserId: bigint;
  /** Only this device (the Update and Assign Staff screens). */
  posDeviceId?: bigint | undefined;
}

export interface PosDeviceRow {
  id: bigint;
  name: string;
  device_id: string;
  serial_id: string;
  status: number;
  channel_id: bigint;
  channel_name: string;
  channel_code: string;
}

/** The merchant's devices, newest first, each with its channel. */
export const posDeviceListSource = defineListSource({
  name: 'pos-devices',
  key: 'pos_devices.id',
  filtered: (db: Queryable, params: PosDeviceListParams) =>
    db
      .selectFrom('pos_devices')
      .innerJoin('channels', 'channels.id', 'pos_devices.channel_id')
      .where('pos_devices.merchant_user_id', '=', params.merchantUserId)
      .$if(params.posDeviceId !== undefined, (query) => query.where('pos_devices.id', '=', params.posDeviceId!)),
  columns: (query) =>
    query.select([
      'pos_devices.id',
      'pos_devices.name',
      'pos_devices.device_id',
      'pos_devices.serial_id',
      'pos_devices.status',
      'pos_devices.channel_id',
      'channels.name as channel_name',
      'channels.code as channel_code',
    ]),
  keyOf: (row: PosDeviceRow) => row.id,
});

export async function findPosDevice(db: Queryable, merchantUserId: bigint, posDeviceId: bigint): Promise<PosDeviceRow | undefined> {
  return db
    .selectFrom('pos_devices')
    .innerJoin('channels', 'channels.id', 'pos_devices.channel_id')
    .select([
      'pos_devices.id',
      'pos_devices.name',
      'pos_devices.device_id',
      'pos_devices.serial_id',
      'pos_devices.status',
      'pos_devices.channel_id',
      'channels.name as channel_name',
      'channels.code as channel_code',
    ])
    .where('pos_devices.merchant_user_id', '=', merchantUserId)
    .where('pos_devices.id', '=', posDeviceId)
    .executeTakeFirst();
}

/** The device, locked for the caller's transaction (its assignments are about to change). */
export async function lockPosDevice(trx: Queryable, merchantUserId: bigint, posDeviceId: bigint): Promise<{ id: bigint } | undefined> {
  return trx
    .selectFrom('pos_devices')
    .select('id')
    .where('merchant_user_id', '=', merchantUserId)
    .where('id', '=', posDeviceId)
    .forUpdate()
    .executeTakeFirst();
}

/** The merchant's channel's type, or undefined when it is not the merchant's. */
/** A channel of the merchant, with the status of the store it belongs to. */
export async function findMerchantChannel(
  db: Queryable,
  merchantUserId: bigint,
  channelId: bigint,
): Promise<{ type: 'online' | 'pos'; store_status: number } | undefined> {
  return db
    .selectFrom('channels')
    .innerJoin('stores', 'stores.id', 'channels.store_id')
    .select(['channels.type', 'stores.status as store_status'])
    .where('channels.id', '=', channelId)
    .where('channels.merchant_user_id', '=', merchantUserId)
    .executeTakeFirst();
}

export async function isDeviceIdTaken(db: Queryable, deviceId: string, exceptPosDeviceId?: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('pos_devices')
    .select('id')
    .where('device_id', '=', deviceId)
    .$if(exceptPosDeviceId !== undefined, (query) => query.where('id', '!=', exceptPosDeviceId!))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPosDevice(
  trx: Queryable,
  device: { merchantUserId: bigint; channelId: bigint; deviceId: string; serialId: string; name: string },
): Promise<bigint> {
  const row = await trx
    .insertInto('pos_devices')
    .values({
      merchant_user_id: device.merchantUserId,
      channel_id: device.channelId,
      device_id: device.deviceId,
      serial_id: device.serialId,
      name: device.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePosDevice(
  trx: Queryable,
  merchantUserId: bigint,
  posDeviceId: bigint,
  change: { deviceId: string; serialId: string; name: string; channelId?: bigint | undefined; status?: number | undefined },
): Promise<number> {
  const result = await trx
    .updateTable('pos_devices')
    .set({
      device_id: change.deviceId,
      serial_id: change.serialId,
      name: change.name,
      ...(change.channelId === undefined ? {} : { channel_id: change.channelId }),
      ...(change.status === undefined ? {} : { status: change.status }),
      updated_at: new Date(),
    })
    .where('merchant_user_id', '=', merchantUserId)
    .where('id', '=', posDeviceId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface PosPersonRow {
  id: bigint;
  first_name: string;
  last_name: string;
  email: string | null;
  status: number;
  parent_user_id: bigint;
}

/** The merchant's main account and staff members among these ids (anyone else is left out). */
export async function listMerchantPeople(db: Queryable, merchantUserId: bigint, userIds: readonly bigint[]): Promise<PosPersonRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'status', 'parent_user_id'])
    .where('id', 'in', userIds)
    .where((eb) => eb.or([eb('id', '=', merchantUserId), eb('parent_user_id', '=', merchantUserId)]))
    .execute();
}

/** The merchant's active staff members, by name. */
export async function listActiveStaff(
  db: Queryable,
  merchantUserId: bigint,
  activeStatus: number,
  limitRows: number,
): Promise<PosPersonRow[]> {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'status', 'parent_user_id'])
    .where('parent_user_id', '=', merchantUserId)
    .where('status', '=', activeStatus)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .limit(limitRows)
    .execute();
}

export async function findPerson(db: Queryable, userId: bigint): Promise<PosPersonRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'status', 'parent_user_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export interface PosLoginRow {
  id: bigint;
  pos_device_id: bigint;
  user_id: bigint;
  username: string;
  settings: string[];
  has_password: boolean;
  first_name: string;
  last_name: string;
  email: string | null;
}

const loginColumns = [
  'pos_device_staff.id',
  'pos_device_staff.pos_device_id',
  'pos_device_staff.user_id',
  'pos_device_staff.username',
  'pos_device_staff.settings',
  'users.first_name',
  'users.last_name',
  'users.email',
] as const;

/** The logins of the merchant's device, in the order they were assigned. */
export async function listDeviceLogins(db: Queryable, merchantUserId: bigint, posDeviceId: bigint): Promise<PosLoginRow[]> {
  const rows = await db
    .selectFrom('pos_device_staff')
    .innerJoin('users', 'users.id', 'pos_device_staff.user_id')
    .select(loginColumns)
    .select((eb) => eb('pos_device_staff.password_hash', 'is not', null).as('has_password'))
    .where('pos_device_staff.merchant_user_id', '=', merchantUserId)
    .where('pos_device_staff.pos_device_id', '=', posDeviceId)
    .orderBy('pos_device_staff.id')
    .execute();
  return rows.map((row) => ({ ...row, has_password: Boolean(row.has_password) }));
}

/** One login of the merchant's devices by its id (the pivot id), locked for the caller's transaction. */
export async function lockLogin(trx: Queryable, merchantUserId: bigint, loginId: bigint): Promise<PosLoginRow | undefined> {
  return lockedLogin(lockableLogins(trx, merchantUserId).where('pos_device_staff.id', '=', loginId));
}

/** The merchant's device logins with their person, to be narrowed to one and locked (lockedLogin). */
function lockableLogins(trx: Queryable, merchantUserId: bigint) {
  return trx
    .selectFrom('pos_device_staff')
    .innerJoin('users', 'users.id', 'pos_device_staff.user_id')
    .select(loginColumns)
    .select((eb) => eb('pos_device_staff.password_hash', 'is not', null).as('has_password'))
    .where('pos_device_staff.merchant_user_id', '=', merchantUserId);
}

async function lockedLogin(query: ReturnType<typeof lockableLogins>): Promise<PosLoginRow | undefined> {
  const row = await query.forUpdate(['pos_device_staff']).executeTakeFirst();
  return row && { ...row, has_password: Boolean(row.has_password) };
}

/** The login of a person on the merchant's device, locked for the caller's transaction. */
export async function lockLoginOf(
  trx: Queryable,
  merchantUserId: bigint,
  posDeviceId: bigint,
  userId: bigint,
): Promise<PosLoginRow | undefined> {
  return lockedLogin(
    lockableLogins(trx, merchantUserId)
      .where('pos_device_staff.pos_device_id', '=', posDeviceId)
      .where('pos_device_staff.user_id', '=', userId),
  );
}

export async function deleteLogins(
  trx: Queryable,
  merchantUserId: bigint,
  posDeviceId: bigint,
  userIds: readonly bigint[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const result = await trx
    .deleteFrom('pos_device_staff')
    .where('merchant_user_id', '=', merchantUserId)
    .where('pos_device_id', '=', posDeviceId)
    .where('user_id', 'in', userIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertLogins(
  trx: Queryable,
  merchantUserId: bigint,
  posDeviceId: bigint,
  logins: ReadonlyArray<{ userId: bigint; username: string }>,
): Promise<void> {
  if (logins.length === 0) return;
  await trx
    .insertInto('pos_device_staff')
    .values(
      logins.map((login) => ({
        pos_device_id: posDeviceId,
        merchant_user_id: merchantUserId,
        user_id: login.userId,
        username: login.username,
      })),
    )
    .execute();
}

export async function setLoginSettings(trx: Queryable, loginId: bigint, settings: readonly string[]): Promise<void> {
  await trx
    .updateTable('pos_device_staff')
    .set({ settings: [...settings], updated_at: new Date() })
    .where('id', '=', loginId)
    .execute();
}

export async function setLoginPasswordHash(trx: Queryable, loginId: bigint, passwordHash: string): Promise<void> {
  await trx
    .updateTable('pos_device_staff')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', loginId)
    .execute();
}
