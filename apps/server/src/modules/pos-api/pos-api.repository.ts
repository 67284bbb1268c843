// Queries of the POS device API: a device login found by device id and username (any merchant:
// the device names itself), device sessions by the SHA-256 of their token, and where a device
// stands (its channel, terminal and store) for the answers and the webhook body. Kysely only.
import type { Queryable } from '../../db/database.ts';
import type { PosDeviceSessionsTable } from '../../db/schema.ts';

/** A device login with what signing in and every request check: the device, its place, the person. */
export interface DeviceLoginRow {
  login_id: bigint;
  username: string;
  password_hash: string | null;
  settings: string[];
  user_id: bigint;
  user_status: number;
  user_type: 'merchant' | 'consumer' | 'admin';
  parent_user_id: bigint;
  pos_device_id: bigint;
  device_id: string;
  device_name: string;
  device_status: number;
  merchant_user_id: bigint;
  channel_id: bigint;
  channel_name: string;
  terminal_id: bigint;
  terminal_name: string;
  store_id: bigint;
  store_name: string;
}

function deviceLogins(db: Queryable) {
  return db
    .selectFrom('pos_device_staff')
    .innerJoin('pos_devices', (join) =>
      join
        .onRef('pos_devices.id', '=', 'pos_device_staff.pos_device_id')
        .onRef('pos_devices.merchant_user_id', '=', 'pos_device_staff.merchant_user_id'),
    )
    .innerJoin('users', 'users.id', 'pos_device_staff.user_id')
    .innerJoin('channels', 'channels.id', 'pos_devices.channel_id')
    .innerJoin('terminals', 'terminals.id', 'channels.terminal_id')
    .innerJoin('stores', 'stores.id', 'channels.store_id')
    .select([
      'pos_device_staff.id as login_id',
      'pos_device_staff.username',
      'pos_device_staff.password_hash',
      'pos_device_staff.settings',
      'pos_device_staff.user_id',
      'users.status as user_status',
      'users.type as user_type',
      'users.parent_user_id',
      'pos_devices.id as pos_device_id',
      'pos_devices.device_id',
      'pos_devices.name as device_name',
      'pos_devices.status as device_status',
      'pos_devices.merchant_user_id',
      'pos_devices.channel_id',
      'channels.name as channel_name',
      'terminals.id as terminal_id',
      'terminals.name as terminal_name',
      'stores.id as store_id',
      'stores.name as store_name',
    ]);
}

/** The login of a username on a device (device ids are unique across the platform). */
export async function findDeviceLogin(db: Queryable, deviceId: string, username: string): Promise<DeviceLoginRow | undefined> {
  return deviceLogins(db)
    .where('pos_devices.device_id', '=', deviceId)
    .where('pos_device_staff.username', '=', username)
    .executeTakeFirst();
}

export interface LiveDeviceSessionRow extends DeviceLoginRow {
  session_id: bigint;
  expires_at: Date;
}

/** The unrevoked, unexpired device session of a token hash, with its login as it is now. */
export async function findLiveDeviceSession(db: Queryable, tokenSha256: string, now: Date): Promise<LiveDeviceSessionRow | undefined> {
  return deviceLogins(db)
    .innerJoin('pos_device_sessions', 'pos_device_sessions.pos_device_staff_id', 'pos_device_staff.id')
    .select(['pos_device_sessions.id as session_id', 'pos_device_sessions.expires_at'])
    .where('pos_device_sessions.token_hash', '=', tokenSha256)
    .where('pos_device_sessions.revoked_at', 'is', null)
    .where('pos_device_sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export interface NewDeviceSession {
  tokenSha256: string;
  loginId: bigint;
  posDeviceId: bigint;
  merchantUserId: bigint;
  userId: bigint;
  ip: string;
  userAgent: string;
  expiresAt: Date;
}

export async function insertDeviceSession(db: Queryable, session: NewDeviceSession): Promise<bigint> {
  const row = await db
    .insertInto('pos_device_sessions')
    .values({
      token_hash: session.tokenSha256,
      pos_device_staff_id: session.loginId,
      pos_device_id: session.posDeviceId,
      merchant_user_id: session.merchantUserId,
      user_id: session.userId,
      ip: session.ip,
      user_agent: session.userAgent,
      expires_at: session.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function revokeDeviceSession(
  db: Queryable,
  sessionId: bigint,
  reason: NonNullable<PosDeviceSessionsTable['revoked_reason']>,
): Promise<void> {
  await db
    .updateTable('pos_device_sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Where a merchant's device stands: its channel, terminal and store (for the webhook body). */
export interface DevicePlaceRow {
  device_id: string;
  channel_id: bigint;
  channel_name: string;
  terminal_id: bigint;
  store_id: bigint;
  store_name: string;
}

export async function findDevicePlace(db: Queryable, merchantUserId: bigint, posDeviceId: bigint): Promise<DevicePlaceRow | undefined> {
  return db
    .selectFrom('pos_devices')
    .innerJoin('channels', 'channels.id', 'pos_devices.channel_id')
    .select([
      'pos_devices.device_id',
      'channels.id as channel_id',
      'channels.name as channel_name',
      'channels.terminal_id',
      'channels.store_id',
    ])
    .innerJoin('stores', 'stores.id', 'channels.store_id')
    .select('stores.name as store_name')
    .where('pos_devices.merchant_user_id', '=', merchantUserId)
    .where('pos_devices.id', '=', posDeviceId)
    .executeTakeFirst();
}

/** Where a merchant's channel stands, for a POS payment whose device row is gone. */
export async function findChannelPlace(
  db: Queryable,
  merchantUserId: bigint,
  channelId: bigint,
): Promise<Omit<DevicePlaceRow, 'device_id'> | undefined> {
  return db
    .selectFrom('channels')
    .innerJoin('stores', 'stores.id', 'channels.store_id')
    .select([
      'channels.id as channel_id',
      'channels.name as channel_name',
      'channels.terminal_id',
      'channels.store_id',
      'stores.name as store_name',
    ])
    .where('channels.merchant_user_id', '=', merchantUserId)
    .where('channels.id', '=', channelId)
    .executeTakeFirst();
}
