// Queries of App Settings: the merchant's credentials, IP whitelist and POS webhook URL, and the
// notification settings of a user. Kysely only.
import type { Queryable } from '../../db/database.ts';

export interface AppSettingsRow {
  merchant_user_id: bigint;
  client_id: string;
  client_secret_sealed: string;
  client_secret_sha256: string;
  is_ip_check: number;
  allowed_ips: string[];
  webhook_url: string | null;
  webhook_secret_sealed: string;
}

const COLUMNS = [
  'merchant_user_id',
  'client_id',
  'client_secret_sealed',
  'client_secret_sha256',
  'is_ip_check',
  'allowed_ips',
  'webhook_url',
  'webhook_secret_sealed',
] as const;

export async function findAppSettings(db: Queryable, merchantUserId: bigint): Promise<AppSettingsRow | undefined> {
  return db.selectFrom('merchant_app_settings').select(COLUMNS).where('merchant_user_id', '=', merchantUserId).executeTakeFirst();
}

/** The row, locked for the change that follows (inside a transaction). */
export async function lockAppSettings(db: Queryable, merchantUserId: bigint): Promise<AppSettingsRow | undefined> {
  return db
    .selectFrom('merchant_app_settings')
    .select(COLUMNS)
    .where('merchant_user_id', '=', merchantUserId)
    .forUpdate()
    .executeTakeFirst();
}

export interface ApiClientRow {
  merchant_user_id: bigint;
  client_id: string;
  client_secret_sha256: string;
  is_ip_check: number;
  allowed_ips: string[];
  /** The main account's status (1 active). */
  user_status: number;
  user_type: string;
}

export async function findApiClient(db: Queryable, clientId: string): Promise<ApiClientRow | undefined> {
  return db
    .selectFrom('merchant_app_settings')
    .innerJoin('users', 'users.id', 'merchant_app_settings.merchant_user_id')
    .select([
      'merchant_app_settings.merchant_user_id',
      'merchant_app_settings.client_id',
      'merchant_app_settings.client_secret_sha256',
      'merchant_app_settings.is_ip_check',
      'merchant_app_settings.allowed_ips',
      'users.status as user_status',
      'users.type as user_type',
    ])
    .where('merchant_app_settings.client_id', '=', clientId)
    .executeTakeFirst();
}

/** Inserts the merchant's first settings; does nothing when another request made them first. */
export async function insertAppSettings(
  db: Queryable,
  row: { merchantUserId: bigint; clientId: string; clientSecretSealed: string; clientSecretSha256: string; webhookSecretSealed: string },
): Promise<void> {
  await db
    .insertInto('merchant_app_settings')
    .values({
      merchant_user_id: row.merchantUserId,
      client_id: row.clientId,
      client_secret_sealed: row.clientSecretSealed,
      client_secret_sha256: row.clientSecretSha256,
      webhook_secret_sealed: row.webhookSecretSealed,
    })
    .onConflict((oc) => oc.column('merchant_user_id').doNothing())
    .execute();
}

export async function replaceCredentials(
  db: Queryable,
  merchantUserId: bigint,
  credentials: { clientId: string; clientSecretSealed: string; clientSecretSha256: string },
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('merchant_app_settings')
    .set({
      client_id: credentials.clientId,
      client_secret_sealed: credentials.clientSecretSealed,
      client_secret_sha256: credentials.clientSecretSha256,
      credentials_rotated_at: now,
      updated_at: now,
    })
    .where('merchant_user_id', '=', merchantUserId)
    .execute();
}

export async function setWebhookUrl(db: Queryable, merchantUserId: bigint, webhookUrl: string | null): Promise<void> {
  await db
    .updateTable('merchant_app_settings')
    .set({ webhook_url: webhookUrl, updated_at: new Date() })
    .where('merchant_user_id', '=', merchantUserId)
    .execute();
}

export async function setAllowedIps(db: Queryable, merchantUserId: bigint, ips: string[], isIpCheck: number): Promise<void> {
  await db
    .updateTable('merchant_app_settings')
    .set({ allowed_ips: ips, is_ip_check: isIpCheck, updated_at: new Date() })
    .where('merchant_user_id', '=', merchantUserId)
    .execute();
}

export interface NotificationSettingsRow {
  email: string | null;
  phone_number: string | null;
  sms_status: number;
  email_status: number;
}

export async function findNotificationSettings(db: Queryable, userId: bigint): Promise<NotificationSettingsRow | undefined> {
  return db
    .selectFrom('merchant_notification_settings')
    .select(['email', 'phone_number', 'sms_status', 'email_status'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertNotificationSettings(db: Queryable, userId: bigint, row: NotificationSettingsRow): Promise<void> {
  await db
    .insertInto('merchant_notification_settings')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...row, updated_at: new Date() }))
    .execute();
}
