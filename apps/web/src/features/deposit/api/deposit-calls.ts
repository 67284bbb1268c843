// The calls of a card deposit (spec 1 sections 4 and 7): the payment methods allowed for the
// wallet's currency, the balance-and-limits check (a quote with its hash), and the deposit.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkBalanceAndLimits, getAllowedPaymentMethods, initiateDeposit } from '@paywallet/contract';
import type { TCheckBalanceAndLimitsRequest, TInitiateDepositRequest } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { refreshAfterMoneyMoved } from '../../../hooks/money-moved.ts';

export function usePaymentMethods(currencyId: number | undefined) {
  return useQuery({
    queryKey: ['payment-methods', 'DEPOSIT', currencyId],
    queryFn: ({ signal }) => call(getAllowedPaymentMethods, { type: 'DEPOSIT', currencyId: currencyId ?? 0 }, { signal }),
    enabled: currencyId !== undefined,
  });
}

export function useCheckBalanceAndLimits() {
  return useMutation({
    // The next screen shows the quote; a toast saying so would only cover it.
    mutationFn: (body: TCheckBalanceAndLimitsRequest) => call(checkBalanceAndLimits, body, { successToast: false }),
  });
}

export function useInitiateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    // The success and redirecting dialogs say what the toast would say.
    mutationFn: (body: TInitiateDepositRequest) => call(initiateDeposit, body, { successToast: false }),
    onSuccess: () => refreshAfterMoneyMoved(queryClient),
  });
}
