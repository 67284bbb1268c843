// Table types for Kysely: snake_case columns as in the database; the mappers to the API
// live in each module, so the boundary stays visible.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface SettingsTable { key: string; value: string; updated_at: Generated<Date> }
export interface ServerKeysTable { name: string; public_pem: string; private_pem: string; created_at: Generated<Date> }

export interface UsersTable {
  id: Generated<bigint>;
  uuid: string;
  type: 'merchant' | 'consumer' | 'admin';
  first_name: string;
  last_name: string;
  business_name: string | null;
  email: string;
  carrier_code: string | null;
  phone_number: string | null;
  password_hash: string;
  passcode_hash: string | null;
  passcode_failed_attempts: Generated<number>;
  passcode_locked_at: NullableTimestamp;
  status: Generated<number>;
  parent_user_id: Generated<bigint>;
  avatar: string | null;
  kyc_status: Generated<number>;
  device_token: string | null;
  last_login_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: Generated<bigint>;
  user_id: bigint;
  token_hash: string;
  stage: 'passcode' | 'user';
  admin_login: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export type OtpPurpose = 'sign-in' | 'reset-password' | 'reset-passcode';
export interface OtpsTable {
  id: Generated<bigint>;
  email: string;
  purpose: OtpPurpose;
  code_hash: string;
  failed_attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  burned_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface EmailVerificationsTable { email: string; verified_at: Timestamp; expires_at: Timestamp }
export interface RateLimitsTable { key: string; hits: number; window_started_at: Timestamp }
export interface BotCheckUsesTable { signature: string; expires_at: Timestamp }

export interface OutboxEmailsTable {
  id: Generated<bigint>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  transport: 'outbox' | 'smtp';
  sent_at: NullableTimestamp;
  error: string | null;
  created_at: Generated<Date>;
}

export interface CurrenciesTable { id: Generated<number>; code: string; name: string; decimals: Generated<number>; active: Generated<boolean> }

export interface WalletsTable {
  id: Generated<bigint>;
  user_id: bigint;
  currency_id: number;
  account_number: string;
  is_default: Generated<number>;
  available_balance: Generated<bigint>;
  balance_on_hold: Generated<bigint>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface FeatureGroupsTable { id: Generated<number>; name: string; sort: Generated<number> }
export interface FeaturesTable {
  id: Generated<number>;
  group_id: number;
  slug: string;
  name: string;
  web_icon: Generated<string>;
  audience: 'merchant' | 'consumer' | 'all';
  sort: Generated<number>;
}

export interface KycInputsTable {
  id: Generated<number>;
  name: string;
  type: 'text' | 'checkbox' | 'radio' | 'file';
  required: Generated<boolean>;
  options: Json<string[] | null>;
  sort: Generated<number>;
  active: Generated<boolean>;
}

export interface KycFilesTable {
  id: Generated<bigint>;
  user_id: bigint;
  input_id: number;
  storage_key: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  created_at: Generated<Date>;
}

export interface KycSubmissionsTable {
  id: Generated<bigint>;
  user_id: bigint;
  answers: Json<Array<{ inputId: number; value: string }>>;
  status: Generated<number>;
  reviewed_by: bigint | null;
  review_comment: string | null;
  created_at: Generated<Date>;
  reviewed_at: NullableTimestamp;
}

export interface AuditLogTable {
  id: Generated<bigint>;
  user_id: bigint | null;
  actor: string;
  action: string;
  detail: Json<unknown> | null;
  ip: string | null;
  created_at: Generated<Date>;
}

export interface Database {
  settings: SettingsTable;
  server_keys: ServerKeysTable;
  users: UsersTable;
  sessions: SessionsTable;
  otps: OtpsTable;
  email_verifications: EmailVerificationsTable;
  rate_limits: RateLimitsTable;
  bot_check_uses: BotCheckUsesTable;
  outbox_emails: OutboxEmailsTable;
  currencies: CurrenciesTable;
  wallets: WalletsTable;
  feature_groups: FeatureGroupsTable;
  features: FeaturesTable;
  kyc_inputs: KycInputsTable;
  kyc_files: KycFilesTable;
  kyc_submissions: KycSubmissionsTable;
  audit_log: AuditLogTable;
}
