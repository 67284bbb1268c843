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

export interface PaymentMethodsTable { id: Generated<number>; name: string; code: string; type: 'DEPOSIT' | 'TRANSFER' | 'WITHDRAWAL'; sort: Generated<number>; active: Generated<boolean> }
export interface CurrencyPaymentMethodsTable { id: Generated<number>; payment_method_id: number; currency_id: number; active: Generated<boolean> }
export interface PrivilegesTable {
  id: Generated<number>;
  currency_payment_method_id: number;
  vp_percentage_bps: Generated<number>;
  gw_percentage_bps: Generated<number>;
  vp_fixed_minor: Generated<bigint>;
  gw_fixed_minor: Generated<bigint>;
  min_amount_minor: Generated<bigint>;
  max_amount_minor: Generated<bigint>;
  daily_limit_minor: Generated<bigint>;
}

export interface TransactionsTable {
  id: Generated<bigint>;
  uuid: string;
  transaction_type_id: number;
  status: number;
  settlement_status: number | null;
  settlement_date: NullableTimestamp;
  currency_id: number;
  amount: bigint;
  fee: Generated<bigint>;
  vat: Generated<bigint>;
  total_amount: bigint;
  sender_user_id: bigint | null;
  sender_account_id: bigint | null;
  sender_account_title: string | null;
  sender_account_number: string | null;
  receiver_user_id: bigint | null;
  receiver_account_id: bigint | null;
  receiver_account_title: string | null;
  receiver_account_number: string | null;
  payment_method_id: number | null;
  reference_id: string | null;
  refrence: string | null;
  gateway_reference_id: string | null;
  card_holder_name: string | null;
  card_number: string | null;
  card_brand: string | null;
  notes: string | null;
  failure_reason: string | null;
  money_request_id: bigint | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface LedgerEntriesTable {
  id: Generated<bigint>;
  transaction_id: bigint;
  wallet_id: bigint | null;
  system_account: 'gateway' | 'fees' | 'vat' | 'payouts' | null;
  currency: string;
  bucket: 'available' | 'on_hold';
  amount: bigint;
  created_at: Generated<Date>;
}

export interface TransactionChargesTable { id: Generated<bigint>; transaction_id: bigint; name: string; type: 'fee' | 'vat'; charges: bigint }

export interface QuotesTable {
  id: Generated<bigint>;
  hash_sha256: string;
  user_id: bigint;
  kind: 'send-money' | 'deposit';
  payload: Json<Record<string, unknown>>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  transaction_id: bigint | null;
  result: Json<Record<string, unknown>> | null;
  created_at: Generated<Date>;
}

export interface MoneyRequestsTable {
  id: Generated<bigint>;
  uuid: string;
  requester_user_id: bigint;
  requester_account_id: bigint;
  payer_user_id: bigint;
  email: string | null;
  phone_number: string | null;
  amount: bigint;
  notes: Generated<string>;
  status: 'PENDING' | 'CANCELED' | 'ACCEPTED' | 'REJECTED';
  transaction_id: bigint | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CardPaymentsTable {
  id: Generated<bigint>;
  transaction_id: bigint;
  wallet_id: bigint;
  challenge_token: string | null;
  state: 'challenge' | 'approved' | 'declined' | 'expired';
  expires_at: Timestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface NotificationsTable {
  id: Generated<bigint>;
  user_id: bigint;
  type: string;
  message: string;
  data: Json<Record<string, unknown>> | null;
  read_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface SystemAccountsTable {
  id: Generated<number>;
  kind: 'gateway' | 'fees' | 'vat' | 'payouts';
  currency: string;
  name: string;
  account_number: string;
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
  payment_methods: PaymentMethodsTable;
  currency_payment_methods: CurrencyPaymentMethodsTable;
  privileges: PrivilegesTable;
  transactions: TransactionsTable;
  ledger_entries: LedgerEntriesTable;
  transaction_charges: TransactionChargesTable;
  quotes: QuotesTable;
  money_requests: MoneyRequestsTable;
  card_payments: CardPaymentsTable;
  notifications: NotificationsTable;
  system_accounts: SystemAccountsTable;
}
