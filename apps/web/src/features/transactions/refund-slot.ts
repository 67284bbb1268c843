// What the transactions table shows of refunds, handed in by app/ (features do not import each
// other): which rows may be refunded, the Create Refund modal a row's Refund action opens, and
// Show Remaining Funds beside the amount. Without it (no refund feature granted, a consumer)
// the table shows none of them.
import { createContext, type ComponentType } from 'react';
import type { TTransactionRow } from '@paywallet/contract';

export interface RefundTarget {
  /** The payment's uuid. */
  transactionId: string;
  currency: string;
}

export interface TransactionRefundSlot {
  canRefund: (row: TTransactionRow) => boolean;
  RefundModal: ComponentType<{ target: RefundTarget | null; onClose: () => void }>;
  RemainingFunds: ComponentType<{ row: TTransactionRow }>;
}

export const RefundSlotContext = createContext<TransactionRefundSlot | null>(null);
