// How a transaction reads from the signed-in user's side.
import type { TTransactionRow } from '@paywallet/contract';

/** Who the other side is: the payer of money received, the payee of money paid. */
export function counterpartyOf(row: TTransactionRow): string {
  const title = row.direction < 0 ? row.receiver_account_title : row.sender_account_title;
  return title || row.card_number || '—';
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
