// The transaction_type_id of a `transactions` row (ARCHITECTURE.md section 4). 5 is not used:
// the numbering is the existing client's and stays as it is for compatibility.

import { assertNever } from './assert.ts';

export const TransactionType = {
  Deposit: 1,
  Withdrawal: 2,
  Transfer: 3,
  RequestPayment: 4,
  Refund: 6,
  DirectSettlement: 7,
  PaymentLinkPayment: 8,
  ApiPayment: 9,
  PosPayment: 10,
  Adjustment: 11,
  AggregateSettlement: 12,
  RollingReserveHold: 13,
  RollingReserveRelease: 14,
} as const;

export type TransactionTypeId = (typeof TransactionType)[keyof typeof TransactionType];

export const TRANSACTION_TYPE_IDS: readonly TransactionTypeId[] = Object.freeze(Object.values(TransactionType));

/** The display name of each type, as the screens show it. */
export const TRANSACTION_TYPE_NAMES: Readonly<Record<TransactionTypeId, string>> = Object.freeze({
  1: 'Deposit',
  2: 'Withdrawal',
  3: 'Transfer',
  4: 'Request payment',
  6: 'Refund',
  7: 'Direct settlement',
  8: 'Payment link payment',
  9: 'API payment',
  10: 'POS payment',
  11: 'Adjustment',
  12: 'Aggregate settlement',
  13: 'Rolling reserve hold',
  14: 'Rolling reserve release',
});

/** Narrows a number read from the database or the wire to a known type id. */
export function isTransactionTypeId(value: number): value is TransactionTypeId {
  return (TRANSACTION_TYPE_IDS as readonly number[]).includes(value);
}

/** Only card payments to a merchant (link, API, POS) can be refunded. */
export function isRefundable(typeId: TransactionTypeId): boolean {
  switch (typeId) {
    case TransactionType.PaymentLinkPayment:
    case TransactionType.ApiPayment:
    case TransactionType.PosPayment:
      return true;
    case TransactionType.Deposit:
    case TransactionType.Withdrawal:
    case TransactionType.Transfer:
    case TransactionType.RequestPayment:
    case TransactionType.Refund:
    case TransactionType.DirectSettlement:
    case TransactionType.Adjustment:
    case TransactionType.AggregateSettlement:
    case TransactionType.RollingReserveHold:
    case TransactionType.RollingReserveRelease:
      return false;
    default:
      return assertNever(typeId);
  }
}

/** Rolling reserve hold and release carry a reference to the settlement they belong to. */
export function carriesReference(typeId: TransactionTypeId): boolean {
  return typeId === TransactionType.RollingReserveHold || typeId === TransactionType.RollingReserveRelease;
}
