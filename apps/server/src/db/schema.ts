// Table types for Kysely: snake_case columns as in the database; the mappers to the API
// live in each module, so the boundary stays visible.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Generated<Date>;
}
export interface ServerKeysTable {
  name: string;
  public_pem: string;
  private_pem: string;
  created_at: Generated<Date>;
}

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
  impersonator_user_id: bigint | null;
  /** The administrator's own session an impersonation was opened from; it ends with it (0023). */
  impersonator_session_id: bigint | null;
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

export interface EmailVerificationsTable {
  email: string;
  verified_at: Timestamp;
  expires_at: Timestamp;
}
export interface RateLimitsTable {
  key: string;
  hits: number;
  window_started_at: Timestamp;
}
export interface BotCheckUsesTable {
  signature: string;
  expires_at: Timestamp;
}

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

export interface CurrenciesTable {
  id: Generated<number>;
  code: string;
  name: string;
  decimals: Generated<number>;
  active: Generated<boolean>;
}

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

/** A slot of a wallet's spread credits (migration 0042): the wallet's balance is its row plus its slots. */
export interface WalletCreditSlotsTable {
  wallet_id: bigint;
  slot: number;
  available_balance: Generated<bigint>;
  balance_on_hold: Generated<bigint>;
}

/** The view wallet_balances: a wallet's row with its slots' credits added to its buckets. Read only. */
export interface WalletBalancesView {
  id: bigint;
  user_id: bigint;
  currency_id: number;
  account_number: string;
  is_default: number;
  available_balance: bigint;
  balance_on_hold: bigint;
  created_at: Date;
  updated_at: Date;
}

export interface FeatureGroupsTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
}
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
  action: string;
  actor_user_id: bigint | null;
  acting_as: 'user' | 'staff' | 'admin' | 'impersonation' | 'api-key' | 'system';
  on_behalf_of_user_id: bigint | null;
  impersonator_user_id: bigint | null;
  session_id: bigint | null;
  ip: string | null;
  call_path: string | null;
  subject_type: string | null;
  subject_id: string | null;
  detail: Json<unknown> | null;
  created_at: Generated<Date>;
}

export interface StaffFeaturesTable {
  user_id: bigint;
  feature_id: number;
  granted_at: Generated<Date>;
}

export interface PaymentMethodsTable {
  id: Generated<number>;
  name: string;
  code: string;
  type: 'DEPOSIT' | 'TRANSFER' | 'WITHDRAWAL' | 'CARD_SCHEME';
  sort: Generated<number>;
  active: Generated<boolean>;
}
export interface CurrencyPaymentMethodsTable {
  id: Generated<number>;
  payment_method_id: number;
  currency_id: number;
  active: Generated<boolean>;
}
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
  channel_id: bigint | null;
  // ---- merchant payments (0012) ----
  customer_id: Generated<bigint | null>;
  payment_link_id: Generated<bigint | null>;
  api_payment_id: Generated<bigint | null>;
  pos_device_id: Generated<bigint | null>;
  client_reference: Generated<string | null>;
  description: Generated<string | null>;
  host_reference: Generated<string | null>;
  // ---- posting keys (0020) ----
  posting_key: Generated<string | null>;
  /** sha256 (hex) of the posting's canonical form; set exactly when posting_key is. */
  posting_digest: Generated<string | null>;
  // ---- approval codes (0028) ----
  /** The acquirer's approval code of an approved card authorisation; null otherwise. */
  approval_code: Generated<string | null>;
  // ---- settlements (0030) ----
  /** The settlement that took this payment (or this refund of a payment, paid from on hold). */
  settlement_id: Generated<bigint | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  // ---- rollups (0027) ----
  /** The paying customer's country, kept by triggers from customers.country. */
  customer_country: Generated<string | null>;
}

/**
 * A side of transactions summed (0027): `transaction_rollup_deltas` rows are written by the
 * transactions triggers, `transaction_rollups` rows by the compaction job folding them.
 */
export interface TransactionRollupsTable {
  id: Generated<bigint>;
  user_id: bigint | null;
  wallet_id: bigint | null;
  day: Date;
  transaction_type_id: number;
  status: number;
  channel_id: bigint | null;
  country: string | null;
  incoming: boolean;
  for_user: boolean;
  for_wallet: boolean;
  count: bigint;
  amount: bigint;
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

export interface TransactionChargesTable {
  id: Generated<bigint>;
  transaction_id: bigint;
  name: string;
  type: 'fee' | 'vat';
  charges: bigint;
}

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

export interface StoresTable {
  id: Generated<bigint>;
  uuid: string;
  merchant_user_id: bigint;
  name: string;
  code: string;
  status: Generated<number>;
  type: Generated<number>;
  parent_entity: string | null;
  reference: string | null;
  email: string | null;
  phone: string | null;
  mcc_code: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  post_code: string | null;
  country: string | null;
  website: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface TerminalsTable {
  id: Generated<bigint>;
  uuid: string;
  merchant_user_id: bigint;
  store_id: bigint;
  name: string;
  code: string;
  status: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ChannelsTable {
  id: Generated<bigint>;
  uuid: string;
  merchant_user_id: bigint;
  store_id: bigint;
  terminal_id: bigint;
  name: string;
  code: string;
  type: 'online' | 'pos';
  status: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed';
export interface JobsTable {
  id: Generated<bigint>;
  kind: string;
  /** NULL once erased (see erase_payload). */
  payload: ColumnType<unknown, string | null, string | null>;
  erase_payload: Generated<boolean>;
  state: Generated<JobState>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  timeout_ms: number;
  last_error: string | null;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  dedupe_key: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: NullableTimestamp;
}

/** A run of bulk work on the job queue (0020, jobs/batch-runs.ts): one per (kind, period). */
export interface BatchRunsTable {
  id: Generated<bigint>;
  kind: string;
  period: string;
  state: Generated<'running' | 'done'>;
  cursor_key: string | null;
  items_done: Generated<number>;
  items_skipped: Generated<number>;
  items_failed: Generated<number>;
  last_error: string | null;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  started_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: NullableTimestamp;
}

export interface StoreCommentsTable {
  id: Generated<bigint>;
  store_id: bigint;
  status: number;
  comments: string;
  author_user_id: bigint | null;
  created_at: Generated<Date>;
}

// ---- POS devices (issue 9) ----
export interface PosDevicesTable {
  id: Generated<bigint>;
  merchant_user_id: bigint;
  channel_id: bigint;
  channel_type: Generated<'pos'>;
  device_id: string;
  serial_id: string;
  name: string;
  status: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface PosDeviceStaffTable {
  id: Generated<bigint>;
  pos_device_id: bigint;
  merchant_user_id: bigint;
  user_id: bigint;
  username: string;
  password_hash: string | null;
  settings: Generated<string[]>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
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
  wallet_credit_slots: WalletCreditSlotsTable;
  wallet_balances: WalletBalancesView;
  feature_groups: FeatureGroupsTable;
  features: FeaturesTable;
  kyc_inputs: KycInputsTable;
  kyc_files: KycFilesTable;
  kyc_submissions: KycSubmissionsTable;
  audit_log: AuditLogTable;
  staff_features: StaffFeaturesTable;
  payment_methods: PaymentMethodsTable;
  currency_payment_methods: CurrencyPaymentMethodsTable;
  privileges: PrivilegesTable;
  transactions: TransactionsTable;
  transaction_rollups: TransactionRollupsTable;
  transaction_rollup_deltas: TransactionRollupsTable;
  ledger_entries: LedgerEntriesTable;
  transaction_charges: TransactionChargesTable;
  quotes: QuotesTable;
  money_requests: MoneyRequestsTable;
  card_payments: CardPaymentsTable;
  notifications: NotificationsTable;
  system_accounts: SystemAccountsTable;
  stores: StoresTable;
  terminals: TerminalsTable;
  channels: ChannelsTable;
  store_comments: StoreCommentsTable;
  store_owners: StoreOwnersTable;
  jobs: JobsTable;
  batch_runs: BatchRunsTable;
  pos_devices: PosDevicesTable;
  pos_device_staff: PosDeviceStaffTable;
  // ---- customers, live notifications (0011) ----
  customers: CustomersTable;
  customer_cards: CustomerCardsTable;
  events_tickets: EventsTicketsTable;
  // ---- merchant payments (0012) ----
  merchant_fees: MerchantFeesTable;
  payment_attempts: PaymentAttemptsTable;
  payment_attempt_logs: PaymentAttemptLogsTable;
  merchant_payments: MerchantPaymentsTable;
  refund_requests: RefundRequestsTable;
  refund_request_details: RefundRequestDetailsTable;
  // ---- settlements (0030) ----
  settlement_configs: SettlementConfigsTable;
  settlements: SettlementsTable;
  rolling_reserves: RollingReservesTable;
  // ---- withdrawals (0031) ----
  withdrawal_fields: WithdrawalFieldsTable;
  user_withdrawal_methods: UserWithdrawalMethodsTable;
  withdrawal_requests: WithdrawalRequestsTable;
  withdrawal_request_details: WithdrawalRequestDetailsTable;
  // ---- exports (0018) ----
  reports: ReportsTable;
  // ---- payment links (0013) ----
  payment_links: PaymentLinksTable;
  payment_link_schemes: PaymentLinkSchemesTable;
  // ---- the merchant server API (0016) ----
  idempotency_keys: IdempotencyKeysTable;
  api_payments: ApiPaymentsTable;
  // ---- the hosted checkout (0014) ----
  checkout_claims: CheckoutClaimsTable;
  checkout_attempts: CheckoutAttemptsTable;
  checkout_payments: CheckoutPaymentsTable;
  // ---- the merchant server API (0016) ----
  // ---- POS device API sessions (0017) ----
  pos_device_sessions: PosDeviceSessionsTable;
  // ---- app settings and webhooks (0015) ----
  merchant_app_settings: MerchantAppSettingsTable;
  merchant_notification_settings: MerchantNotificationSettingsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  // ---- ledger health (0032) ----
  ledger_health_state: LedgerHealthStateTable;
  ledger_health_wallet_sums: LedgerHealthWalletSumsTable;
  ledger_health_checks: LedgerHealthChecksTable;
  ledger_health_breaches: LedgerHealthBreachesTable;
  // ---- several nodes (0035) ----
  customer_contact_locks: CustomerContactLocksTable;
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
  // ---- the lean send-money path (0039) ----
  daily_send_usage: DailySendUsageTable;
}

// ---- customers, live notifications (0011) ----------------------------------------------------
export interface CustomersTable {
  id: Generated<bigint>;
  merchant_user_id: bigint;
  name: string;
  email: string | null;
  phone: string | null;
  country: string | null;
  city: string | null;
  channel_id: bigint | null;
  transactions_count: Generated<number>;
  created_at: Timestamp;
}
export interface CustomerCardsTable {
  id: Generated<bigint>;
  customer_id: bigint;
  card_holder_name: string;
  card_number: string;
  created_at: Timestamp;
}
export interface EventsTicketsTable {
  id: Generated<bigint>;
  session_id: bigint;
  user_id: bigint;
  ticket_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

// ---- stores and onboarding (issue 9) ---------------------------------------------------------
export interface StoreOwnersTable {
  id: Generated<bigint>;
  merchant_user_id: bigint;
  store_id: bigint;
  first_name: string;
  last_name: string;
  /** A date column: written as 'YYYY-MM-DD', read back as text by the repository. */
  dob: ColumnType<string, string, string>;
  document_type: string;
  document_key: string;
  document_name: string;
  document_mime: string;
  document_size: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

// ---- merchant payments (0012) ----------------------------------------------------------------
export interface MerchantFeesTable {
  id: Generated<bigint>;
  merchant_user_id: bigint;
  payment_method_id: number;
  currency_id: number;
  percentage_bps: number;
  fixed_minor: bigint;
  active: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface PaymentAttemptsTable {
  id: Generated<bigint>;
  uuid: string;
  merchant_user_id: bigint;
  payment_link_id: bigint | null;
  api_payment_id: bigint | null;
  payment_token: string;
  ip: string;
  message: string;
  data: Json<Record<string, string>>;
  transaction_id: bigint | null;
  created_at: Generated<Date>;
}
export interface PaymentAttemptLogsTable {
  id: Generated<bigint>;
  attempt_id: bigint;
  message: string;
  ip: string;
  data: Json<Record<string, string>>;
  created_at: Generated<Date>;
}
export type MerchantPaymentState = 'requires_action' | 'requires_capture' | 'succeeded' | 'failed' | 'voided' | 'expired';
export interface MerchantPaymentsTable {
  transaction_id: bigint;
  merchant_user_id: bigint;
  kind: 'link' | 'api' | 'pos';
  channel_id: bigint;
  wallet_id: bigint;
  attempt_id: bigint | null;
  scheme_id: number;
  state: MerchantPaymentState;
  capture_method: 'automatic' | 'manual';
  authorised_amount: bigint;
  captured_amount: Generated<bigint>;
  refunded_amount: Generated<bigint>;
  fee: Generated<bigint>;
  vat: Generated<bigint>;
  card_brand: string | null;
  card_last4: string | null;
  card_masked: string | null;
  return_url: string | null;
  pos_staff_user_id: bigint | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface RefundRequestsTable {
  id: Generated<bigint>;
  uuid: string;
  merchant_user_id: bigint;
  transaction_id: bigint;
  reference_id: string | null;
  status: Generated<number>;
  description: string | null;
  amount: bigint;
  added_by: bigint | null;
  source: 'merchant' | 'api' | 'pos' | 'console';
  refund_transaction_id: bigint | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

// ---- refund status history (0026) ----
export interface RefundRequestDetailsTable {
  id: Generated<bigint>;
  refund_request_id: bigint;
  status: number;
  comment: string | null;
  actor_user_id: bigint | null;
  created_at: Generated<Date>;
}

// ---- withdrawals (0031) --------------------------------------------------------------------
export interface WithdrawalFieldsTable {
  id: Generated<number>;
  payment_method_id: number;
  name: string;
  type: Generated<'text'>;
  rule: Generated<'text' | 'iban' | 'bic'>;
  required: Generated<boolean>;
  sort: Generated<number>;
}
export interface UserWithdrawalMethodsTable {
  id: Generated<bigint>;
  user_id: bigint;
  payment_method_id: number;
  user_account_id: bigint | null;
  /** The value of each field, keyed by the field's name. */
  details: Json<Record<string, string>>;
  status: Generated<number>;
  added_by: bigint | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface WithdrawalRequestsTable {
  id: Generated<bigint>;
  uuid: string;
  user_id: bigint;
  wallet_id: bigint;
  user_withdrawal_method_id: bigint;
  amount: bigint;
  status: Generated<number>;
  hold_transaction_id: bigint;
  settle_transaction_id: bigint | null;
  reference_id: string | null;
  added_by: bigint | null;
  processed_by: bigint | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface WithdrawalRequestDetailsTable {
  id: Generated<bigint>;
  withdrawal_request_id: bigint;
  status: number;
  comments: string | null;
  source_reference_id: string | null;
  actor_user_id: bigint | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

// ---- exports (0018) ------------------------------------------------------------------------
export interface ReportsTable {
  id: Generated<bigint>;
  uuid: string;
  account_holder_id: bigint;
  requested_by_user_id: bigint;
  report_type: string;
  format: 'excel' | 'pdf';
  filters: Json<Record<string, unknown>>;
  rows_max: number;
  status: Generated<'queued' | 'running' | 'ready' | 'failed' | 'expired'>;
  rows_written: Generated<number>;
  rows_total: number | null;
  truncated: Generated<boolean>;
  file_key: string | null;
  file_name: string | null;
  file_bytes: bigint | null;
  token_hash: string | null;
  token_expires_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: NullableTimestamp;
}

// ---- payment links (0013) --------------------------------------------------------------------
export interface PaymentLinksTable {
  id: Generated<bigint>;
  token: string;
  merchant_user_id: bigint;
  channel_id: bigint;
  currency_id: number;
  amount: bigint;
  type: number;
  status: Generated<number>;
  /** Lifetime in seconds from created_at (spelt as the spec spells it); null: no expiry. */
  exipres_in: number | null;
  redirect_url: string | null;
  callback_url: string | null;
  receipt_no: string | null;
  email: string | null;
  phone: string | null;
  description: string | null;
  added_by: bigint;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface PaymentLinkSchemesTable {
  payment_link_id: bigint;
  payment_method_id: number;
}
// ---- the merchant server API (0016) ------------------------------------------------------------
export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  state: Generated<'pending' | 'done'>;
  response_status: number | null;
  response_body: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}
export interface ApiPaymentsTable {
  id: Generated<bigint>;
  uuid: string;
  token: string | null;
  mode: 'card' | 'hosted';
  merchant_user_id: bigint;
  channel_id: bigint;
  channel_type: Generated<'online'>;
  currency_id: number;
  amount: bigint;
  /** 1 Initiated, 2 Paid, 3 Expired, 4 Failed */
  status: Generated<number>;
  payment_status: Generated<string>;
  transaction_id: bigint | null;
  next_action_url: string | null;
  capture_method: Generated<'automatic' | 'manual'>;
  description: string | null;
  client_reference: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  return_url: string | null;
  exipres_in: number | null;
  added_by: bigint | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

// ---- the hosted checkout (0014) ---------------------------------------------------------------
/** A single-use link's or a hosted API payment's payment under way (0014, both since 0019): exactly one of the two ids. */
export interface CheckoutClaimsTable {
  payment_link_id: bigint | null;
  api_payment_id: bigint | null;
  attempt_id: bigint;
  transaction_id: bigint | null;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}
export interface CheckoutAttemptsTable {
  attempt_uuid: string;
  attempt_id: bigint;
  payment_link_id: bigint;
  created_at: Generated<Date>;
}
export interface CheckoutPaymentsTable {
  transaction_id: bigint;
  payment_link_id: bigint;
  attempt_id: bigint;
  token: string;
  created_at: Generated<Date>;
}

// ---- POS device API sessions (0017) ----------------------------------------------------------
export interface PosDeviceSessionsTable {
  id: Generated<bigint>;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  pos_device_staff_id: bigint;
  pos_device_id: bigint;
  merchant_user_id: bigint;
  user_id: bigint;
  ip: string;
  user_agent: Generated<string>;
  created_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: 'logout' | 'password-reset' | 'device-inactive' | 'staff-inactive' | null;
}

// ---- app settings and webhooks (0015) --------------------------------------------------------
export interface MerchantAppSettingsTable {
  merchant_user_id: bigint;
  client_id: string;
  /** AES-256-GCM under the credentials key (lib/sealed-secrets.ts); never the plaintext. */
  client_secret_sealed: string;
  client_secret_sha256: string;
  is_ip_check: Generated<number>;
  allowed_ips: ColumnType<string[], string[] | undefined, string[]>;
  webhook_url: string | null;
  webhook_secret_sealed: string;
  credentials_rotated_at: Generated<Date>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface MerchantNotificationSettingsTable {
  user_id: bigint;
  email: string | null;
  phone_number: string | null;
  sms_status: Generated<number>;
  email_status: Generated<number>;
  updated_at: Generated<Date>;
}
export type WebhookEventState = 'pending' | 'delivered' | 'failed';
export interface WebhookEventsTable {
  id: Generated<bigint>;
  event_id: string;
  merchant_user_id: bigint;
  event_type: string;
  url: string;
  body: Json<Record<string, unknown>>;
  state: Generated<WebhookEventState>;
  attempts: Generated<number>;
  last_attempt_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  created_at: Generated<Date>;
}
export interface WebhookDeliveriesTable {
  id: Generated<bigint>;
  webhook_event_id: bigint;
  merchant_user_id: bigint;
  attempt: number;
  status: 'succeeded' | 'failed';
  response_code: number | null;
  duration_ms: number;
  error: string | null;
  created_at: Generated<Date>;
}

// ---- settlements (0030) ----
export interface SettlementConfigsTable {
  id: Generated<bigint>;
  merchant_user_id: bigint;
  /** Null: the merchant's own configuration; else this channel's, overriding it. */
  channel_id: bigint | null;
  /** 1 aggregate, 2 direct. */
  type: number;
  schedule: Generated<'daily'>;
  delay_days: Generated<number>;
  reserve_bps: Generated<number>;
  reserve_hold_seconds: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface SettlementsTable {
  id: Generated<bigint>;
  uuid: string;
  merchant_user_id: bigint;
  wallet_id: bigint;
  currency_id: number;
  channel_id: bigint | null;
  type: number;
  status: Generated<number>;
  from_date: ColumnType<string, string, string>;
  to_date: ColumnType<string, string, string>;
  /** The posting (type 12 or 7); null when the payments left nothing on hold to move. */
  transaction_id: bigint | null;
  amount: bigint;
  fee: bigint;
  vat: bigint;
  transactions_count: number;
  cutoff: ColumnType<Date, Date, Date>;
  batch_run_id: bigint | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface RollingReservesTable {
  id: Generated<bigint>;
  uuid: string;
  settlement_id: bigint;
  merchant_user_id: bigint;
  /** The merchant's wallet the reserve is released to. */
  wallet_id: bigint;
  reserve_wallet_id: bigint;
  amount: bigint;
  /** Basis points. */
  percent: number;
  status: Generated<number>;
  /** Seconds. */
  time_interval: number;
  release_at: ColumnType<Date, Date, Date>;
  release_transaction_id: bigint | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

// ---- ledger health (0032) --------------------------------------------------------------------
export interface LedgerHealthStateTable {
  id: number;
  checked_through_entry_id: bigint;
  observed_max_entry_id: bigint | null;
  observed_at: NullableTimestamp;
  updated_at: Generated<Date>;
}
export interface LedgerHealthWalletSumsTable {
  wallet_id: bigint;
  available_sum: bigint;
  on_hold_sum: bigint;
  through_entry_id: bigint;
}
export type LedgerHealthCheckKind = 'incremental' | 'full';
export type LedgerBreachKind =
  'unbalanced-currency' | 'unbalanced-transaction' | 'wallet-off-entries' | 'negative-wallet' | 'missing-system-account' | 'orphan-entries';
export interface LedgerHealthChecksTable {
  id: Generated<bigint>;
  kind: LedgerHealthCheckKind;
  requested_by: bigint | null;
  started_at: Timestamp;
  finished_at: Generated<Date>;
  duration_ms: number;
  from_entry_id: bigint | null;
  through_entry_id: bigint | null;
  entries_read: bigint;
  transactions_read: bigint | null;
  wallets_read: bigint;
  breaches_found: number;
  new_breaches: number;
  breaches: Json<unknown[]>;
  totals: ColumnType<unknown[] | null, string | null, string | null>;
}
export interface LedgerHealthBreachesTable {
  id: Generated<bigint>;
  key: string;
  kind: LedgerBreachKind;
  currency: string | null;
  wallet_id: bigint | null;
  transaction_id: bigint | null;
  bucket: 'available' | 'on_hold' | null;
  message: string;
  detail: Json<Record<string, unknown>>;
  first_check_id: bigint;
  last_check_id: bigint;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  resolved_at: NullableTimestamp;
}

// ---- several nodes (0035) --------------------------------------------------------------------
/** One row per merchant and customer contact: locked FOR UPDATE while a payment records its customer. */
export interface CustomerContactLocksTable {
  merchant_user_id: bigint;
  contact: string;
}

/** A file kept in the database (lib/file-store/database-store.ts); null size while it is written. */
export interface StoredFilesTable {
  key: string;
  size_bytes: bigint | null;
  created_at: Generated<Date>;
  completed_at: NullableTimestamp;
}
export interface StoredFileChunksTable {
  file_key: string;
  seq: number;
  data: Uint8Array;
}

/** What a payer sent in a currency on a UTC day, as the daily limit counts it (migration 0039). */
export interface DailySendUsageTable {
  user_id: bigint;
  currency_id: number;
  /** The UTC day, 'YYYY-MM-DD'. */
  day: ColumnType<string, string, never>;
  sent_minor: bigint;
}
