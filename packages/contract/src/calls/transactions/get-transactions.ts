import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { dateRangeOrdered, zDateRange, zPage, zPageOf, zStoreScope } from '../../lists.ts';
import { LIMITS, zOptionalId } from '../../rules.ts';
import { TRANSACTION_STATUS } from '../../statuses.ts';
import { ZRefundAmountDetails } from '../refunds/common.ts';

/** A wallet holder who sent or received the money (spec 2 section 3). */
const ZParty = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
});

/** The payer of a link, checkout, API or POS payment who paid by card, not from a wallet. */
const ZCustomer = z.object({
  email: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
});

const ZNameCode = z.object({ name: z.string(), code: z.string() });

/**
 * One charge taken from the movement (fee or VAT), as the spec's `charges_transactions` reads:
 * the charge is paid by the movement's receiver to the platform. Charges are rows of their
 * movement here, not movements of their own, so `uuid` is the movement's.
 */
export const ZChargeTransaction = z.object({
  uuid: z.string(),
  name: z.string(),
  type: z.enum(['fee', 'vat']),
  charges: z.number().int(),
  amount: z.number().int(),
  total_amount: z.number().int(),
  sender_account_title: z.string().nullable(),
  sender_user_id: z.number().int().nullable(),
  receiver_account_title: z.string(),
  receiver_user_id: z.number().int().nullable(),
});

/** On a refund (type 6): the payment it gave money back for. */
export const ZRefundedTransaction = z.object({
  uuid: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  vat: z.number().int(),
  created_at: z.string(),
});

/** A transaction as the list and the exports read it; wire names as the spec spells them (DECISIONS 34). */
export const ZTransactionRow = z.object({
  uuid: z.string(),
  refrence: z.string().nullable(),
  reference_id: z.string().nullable(),
  gateway_reference_id: z.string().nullable(),
  transaction_type_id: z.number().int(),
  transaction_type: z.object({ name: z.string() }),
  status: z.number().int(),
  status_str: z.string(),
  settlement_status: z.number().int().nullable(),
  amount: z.number().int(),
  fee: z.number().int(),
  vat: z.number().int(),
  total_amount: z.number().int(),
  currency: z.object({ code: z.string() }),
  /**
   * +1 when the money came to the account holder (or the wallet filtered by) or became available
   * to them (an aggregate settlement, a reserve release), -1 when it left them, 0 for a move
   * between their own wallets (a reserve hold) (docs/transactions.md "Direction").
   */
  direction: z.number().int().min(-1).max(1),
  sender_account_title: z.string().nullable(),
  sender_account_number: z.string().nullable(),
  sender_user_id: z.number().int().nullable(),
  receiver_account_title: z.string().nullable(),
  receiver_account_number: z.string().nullable(),
  receiver_user_id: z.number().int().nullable(),
  card_holder_name: z.string().nullable(),
  /** Masked only: first six and last four digits (DECISIONS 19). */
  card_number: z.string().nullable(),
  client_reference: z.string().nullable(),
  customer: ZCustomer.nullable(),
  charges_transactions: z.array(ZChargeTransaction),
  refunded_transaction: ZRefundedTransaction.nullable(),
  created_at: z.string(),
});
/**
 * Why a transaction failed, spelt as spec 2 spells the transaction's field (`failureReason{reason}`,
 * DECISIONS 34); null unless it failed or expired. Every list that carries a transaction's failure
 * reason (the details, the API payments' attempts, a link's payments) uses this one shape.
 */
export const ZFailureReason = z.object({ reason: z.string() }).nullable();
export type TFailureReason = z.infer<typeof ZFailureReason>;

/**
 * The wire form of a stored failure reason: only a failed (2) or expired (3) transaction has one;
 * any other status answers null (the screens show 'N/A'), whatever the row still holds.
 */
export function failureReasonWire(status: number, storedReason: string | null): TFailureReason {
  const closed = status === TRANSACTION_STATUS.FAILED || status === TRANSACTION_STATUS.EXPIRED;
  return closed && storedReason ? { reason: storedReason } : null;
}

export const ZTransactionDetail = ZTransactionRow.extend({
  sender: ZParty.nullable(),
  receiver: ZParty.nullable(),
  settlement_date: z.string().nullable(),
  payment_method: z.object({ name: z.string() }).nullable(),
  aquiring: ZNameCode.nullable(),
  schema: ZNameCode.nullable(),
  country_code: z.string().nullable(),
  approval_code: z.string().nullable(),
  failureReason: ZFailureReason,
  supportEmail: z.string(),
});
export type TTransactionRow = z.infer<typeof ZTransactionRow>;
export type TTransactionDetail = z.infer<typeof ZTransactionDetail>;
export type TChargeTransaction = z.infer<typeof ZChargeTransaction>;

/** Spec 2 section 5: the customer email filter's message. */
export const CUSTOMER_EMAIL_INVALID = 'Please enter a valid email address';

const TRANSACTION_STATUS_VALUES = Object.values(TRANSACTION_STATUS) as number[];

/** The list's filters (spec 2, Transactions): all optional, combined with AND. */
export const ZTransactionFilters = z.object({
  ...zDateRange,
  ...zStoreScope,
  status: z.coerce
    .number()
    .int()
    .refine((value) => TRANSACTION_STATUS_VALUES.includes(value), 'The selected status is invalid')
    .optional(),
  transactionTypeId: z.coerce
    .number()
    .int()
    .min(1, 'The selected transaction type is invalid')
    .max(14, 'The selected transaction type is invalid')
    .optional(),
  userAccountId: zOptionalId('account'),
  /** The free-text search: a transaction id, or its beginning. */
  transactionId: z.string().trim().max(64).optional(),
  /** The customer who paid a link, checkout, API or POS payment (spec 2 section 5). */
  customerEmail: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .max(LIMITS.emailMaxChars, { message: CUSTOMER_EMAIL_INVALID, abort: true })
      .trim()
      .pipe(z.email(CUSTOMER_EMAIL_INVALID))
      .transform((value) => value.toLowerCase())
      .optional(),
  ),
});

/**
 * The account holder's transactions; with transactionDetail=1 and transactionId, one in detail.
 */
export const ZGetTransactionsRequest = ZTransactionFilters.extend({
  ...zPage,
  transactionDetail: z.coerce.number().int().min(0).max(1).optional(),
  /** With transactionId (a payment's uuid): its refund amounts (refunds module). */
  refundAmountDetails: z.coerce.number().int().min(0).max(1).optional(),
}).superRefine(dateRangeOrdered);
export const getTransactionsCall = defineCall({
  path: 'get-transactions',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: 'transactions',
  kind: 'read',
  audit: null,
  request: ZGetTransactionsRequest,
  response: z.union([z.object({ detail: ZTransactionDetail }), zPageOf(ZTransactionRow), ZRefundAmountDetails]),
});
export type TGetTransactionsRequest = z.input<typeof ZGetTransactionsRequest>;
export type TGetTransactionsInput = z.output<typeof ZGetTransactionsRequest>;
export type TTransactionFilters = z.output<typeof ZTransactionFilters>;
