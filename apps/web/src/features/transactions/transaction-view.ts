// How a transaction reads from the signed-in user's side, and the spec's display rules by type
// (spec 2, Transactions): 6 Refunded and negative, 11 Adjusted and negative where the holder
// sent it, 13 and 14 a reference badge, otherwise the payable amount.
import { SETTLEMENT_STATUS, TransactionType } from '@paywallet/contract';
import type { TTransactionRow } from '@paywallet/contract';

/** Who the other side is: the payer of money received, the payee of money paid. */
export function counterpartyOf(row: TTransactionRow): string {
  const title = row.direction < 0 ? row.receiver_account_title : row.sender_account_title;
  return title || row.customer?.name || row.card_number || '—';
}

/** What moved in the user's wallet: received = the amount; paid = the total with charges. */
export function walletAmountOf(row: TTransactionRow): number {
  return row.direction < 0 ? row.total_amount : row.amount;
}

/**
 * Card payments to a merchant (types 8 payment link, 9 merchant API, 10 POS device): the
 * transactions made by payment attempts, whose steps the merchant can read.
 */
const MERCHANT_CARD_PAYMENT_TYPES: ReadonlySet<number> = new Set([8, 9, 10]);

export function hasPaymentAttempts(transactionTypeId: number): boolean {
  return MERCHANT_CARD_PAYMENT_TYPES.has(transactionTypeId);
}

const RESERVE_TYPES: ReadonlySet<number> = new Set([TransactionType.RollingReserveHold, TransactionType.RollingReserveRelease]);

/** How a row's amount cell reads. Minor units; `label` and `badge` (the reference) go with the amount. */
export interface PayableView {
  minor: number;
  /** -1 shown negative, +1 positive, 0 unsigned (nothing moved). */
  sign: -1 | 0 | 1;
  label: 'Refunded' | 'Adjusted' | null;
  badge: string | null;
}

/**
 * The amount a row shows. A refund (6) is Refunded and negative: the total of amount, VAT and
 * fee. An adjustment (11) the holder sent is Adjusted and negative. A rolling-reserve hold or
 * release (13, 14) carries its reference as a badge. Otherwise the payable: what the holder
 * received (the amount less VAT and fee when the charges were taken from it) or paid.
 */
export function payableOf(row: TTransactionRow): PayableView {
  if (row.transaction_type_id === TransactionType.Refund) {
    return { minor: row.amount + row.vat + row.fee, sign: -1, label: 'Refunded', badge: null };
  }
  const badge = RESERVE_TYPES.has(row.transaction_type_id) ? (row.refrence ?? row.reference_id) : null;
  if (row.transaction_type_id === TransactionType.Adjustment && row.direction < 0) {
    return { minor: row.total_amount, sign: -1, label: 'Adjusted', badge };
  }
  // The server's direction (docs/transactions.md "Direction"): 0 is a move between the holder's own wallets.
  const sign = row.direction < 0 ? -1 : row.direction > 0 ? 1 : 0;
  // Fee-inclusive: the payer's total holds the charges, which come out of what the receiver gets.
  const feeInclusive = row.direction > 0 && row.total_amount === row.amount && row.fee + row.vat > 0;
  const minor = feeInclusive ? row.amount - row.vat - row.fee : walletAmountOf(row);
  return { minor, sign, label: null, badge };
}

/** Spec 2, Transaction details: 1 initiated, 2 canceled, 3 done, anything else pending. */
export function settlementStatusWord(status: number | null): string {
  switch (status) {
    case SETTLEMENT_STATUS.INITIATED:
      return 'Initiated';
    case SETTLEMENT_STATUS.CANCELLED:
      return 'Canceled';
    case SETTLEMENT_STATUS.DONE:
      return 'Done';
    default:
      return 'Pending';
  }
}
