// Withdrawal methods and requests (spec 2 'Withdrawals'): the catalogue of a currency, the
// merchant's own methods. The requests list is read by the kit's useListQuery.
import { useQuery } from '@tanstack/react-query';
import { getAllWithdrawalMethodsCall, getUserWithdrawalMethodsCall } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { WITHDRAWALS_QUERY_KEY } from '../../../hooks/money-moved.ts';

/** Every withdrawal query starts with this key (hooks/money-moved.ts): a new method or request refreshes them all. */
export { WITHDRAWALS_QUERY_KEY };

/** Spec 2 section 9: the requests tab loads after 1 s, the method page's wallets after 1 s. */
export const REQUESTS_TAB_DELAY_MS = 1_000;
export const METHOD_WALLETS_DELAY_MS = 1_000;

/** The catalogue's methods of a currency, with their fields (none until a currency is chosen). */
export function useCatalogueMethods(currencyId: number | null) {
  return useQuery({
    queryKey: [...WITHDRAWALS_QUERY_KEY, 'catalogue', currencyId],
    enabled: currencyId !== null,
    queryFn: ({ signal }) => call(getAllWithdrawalMethodsCall, { currencyId: currencyId! }, { signal }),
  });
}

/** The merchant's own active methods, newest first (the IBAN masked by the server). */
export function useUserWithdrawalMethods() {
  return useQuery({
    queryKey: [...WITHDRAWALS_QUERY_KEY, 'methods'],
    queryFn: ({ signal }) => call(getUserWithdrawalMethodsCall, { flag: 'active' }, { signal }),
  });
}
