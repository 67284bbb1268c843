// Refund requests (get-all-refunds, create-refund-request, cancel-refund-request) and the refund
// amounts of one payment (get-transactions with refundAmountDetails=1).
import { useQuery } from '@tanstack/react-query';
import { dateRangeOrdered, getTransactionsCall, ZRefundAmountDetails, ZRefundFilters } from '@paywallet/contract';
import { call } from '../../../api/client.ts';

export const ZRefundUrlFilters = ZRefundFilters.superRefine(dateRangeOrdered);

export const REFUNDS_QUERY_KEY = ['refunds'] as const;

/** The refund amounts of a payment: transaction, processed, pending and remaining (minor units). */
export function useRefundAmounts(transactionId: string | null) {
  return useQuery({
    queryKey: [...REFUNDS_QUERY_KEY, 'amounts', transactionId],
    enabled: transactionId !== null,
    queryFn: async ({ signal }) =>
      ZRefundAmountDetails.parse(await call(getTransactionsCall, { refundAmountDetails: 1, transactionId: transactionId! }, { signal })),
  });
}
