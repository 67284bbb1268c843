// @paywallet/ledger: the pure money core. Minor units, fee and VAT rules, posting builders,
// balance application, transaction types and posting keys; no framework, no I/O.

export { AssertionError, assert, assertNever, INT8_MAX } from './assert.ts';

export {
  BPS_PER_WHOLE,
  DECIMALS_MAX,
  DECIMAL_INPUT_LENGTH_MAX,
  MINOR_PARSE_FAILURE_CODES,
  formatBps,
  formatMinor,
  minorFromWire,
  minorToWire,
  percentOf,
  percentToBps,
  toMinor,
} from './money.ts';
export type { FormatMinorOptions, MinorParseFailureCode, MinorParseResult } from './money.ts';

export { QUOTE_FAILURE_CODES, assertCharges, assertPrivilege, computeCharges, depositFeeDisplay, quoteCharges } from './fees.ts';
export type {
  Charges,
  DepositFeeDisplay,
  PaymentMethodPrivilege,
  QuoteChargesInput,
  QuoteChargesResult,
  QuoteFailureCode,
} from './fees.ts';

export {
  SYSTEM_ACCOUNTS,
  aggregateSettlementEntries,
  assertBalanced,
  depositEntries,
  directSettlementEntries,
  merchantCardPaymentEntries,
  refundEntries,
  rollingReserveReleaseEntries,
  sendMoneyEntries,
  sumByCurrency,
  withdrawalPaidEntries,
  withdrawalRejectedEntries,
  withdrawalRequestEntries,
} from './postings.ts';
export type {
  AccountRef,
  AggregateSettlementInput,
  Bucket,
  DepositInput,
  DirectSettlementInput,
  Entries,
  LedgerEntry,
  MerchantCardPaymentInput,
  RefundInput,
  RollingReserveReleaseInput,
  SendMoneyInput,
  SystemAccount,
  WithdrawalInput,
} from './postings.ts';

export {
  TRANSACTION_TYPE_IDS,
  TRANSACTION_TYPE_NAMES,
  TransactionType,
  carriesReference,
  isRefundable,
  isTransactionTypeId,
} from './transaction-types.ts';
export type { TransactionTypeId } from './transaction-types.ts';

export {
  POSTING_KEY_LENGTH_MAX,
  POSTING_KEY_OUTCOMES,
  assertPostingKey,
  comparePostingDigests,
  isPostingKey,
  postingDigestSource,
  postingKey,
} from './posting-keys.ts';
export type { PostingDigestField, PostingDigestInput, PostingKeyComparison, PostingKeyOutcome } from './posting-keys.ts';

export { accountKey, applyEntries, currencyOfKey, sumEntriesByAccount, totalByCurrency } from './balances.ts';
export type { ApplyEntriesResult, BalanceKey, Balances, BucketBalances } from './balances.ts';
