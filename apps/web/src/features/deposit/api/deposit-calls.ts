// The payment methods allowed for a wallet's currency (spec 1 sections 4 and 7). The
// balance-and-limits check and the deposit itself are the two forms of the flow (the form kit).
import { useQuery } from '@tanstack/react-query';
import { getAllowedPaymentMethodsCall } from '@paywallet/contract';
import { call } from '../../../api/client.ts';

export function usePaymentMethods(currencyId: number | undefined) {
  return useQuery({
    queryKey: ['payment-methods', 'DEPOSIT', currencyId],
    queryFn: ({ signal }) => call(getAllowedPaymentMethodsCall, { type: 'DEPOSIT', currencyId: currencyId ?? 0 }, { signal }),
    enabled: currencyId !== undefined,
  });
}
