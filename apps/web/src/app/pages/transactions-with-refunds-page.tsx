// The transaction list composed with the refunds feature: where the refund feature is granted,
// the Transaction tab's rows offer Create Refund and the amounts of card payments Show Remaining
// Funds (spec 2, Transactions and Refund requests).
import type { TFeatureSlug } from '@paywallet/contract';
import { CreateRefundModal } from '../../features/refunds/components/create-refund-modal.tsx';
import { isRefundable, ShowRemainingFunds } from '../../features/refunds/components/refund-row-action.tsx';
import { useFeatureList } from '../../features/shell/api/use-feature-list.ts';
import { TransactionsPage } from '../../features/transactions/pages/transactions-page.tsx';
import { RefundSlotContext, type TransactionRefundSlot } from '../../features/transactions/refund-slot.ts';

const REFUND_FEATURE: TFeatureSlug = 'refund';

const REFUND_SLOT: TransactionRefundSlot = {
  canRefund: isRefundable,
  RefundModal: CreateRefundModal,
  RemainingFunds: ShowRemainingFunds,
};

export function TransactionsWithRefundsPage() {
  const features = useFeatureList();
  const granted = features.data?.some((group) => group.features.some((feature) => feature.slug === REFUND_FEATURE)) ?? false;
  return (
    <RefundSlotContext.Provider value={granted ? REFUND_SLOT : null}>
      <TransactionsPage />
    </RefundSlotContext.Provider>
  );
}
