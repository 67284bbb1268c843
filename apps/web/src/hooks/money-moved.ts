// What a money movement changes on screen: the wallets' balances (top bar and money forms) and
// the transaction history. Every screen that moves money refreshes both through here.
import type { QueryClient } from '@tanstack/react-query';
import { WALLET_LIST_QUERY_KEY } from './use-wallet-list.ts';

export const TRANSACTIONS_QUERY_KEY = ['transactions'] as const;

export function refreshAfterMoneyMoved(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: WALLET_LIST_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY }),
  ]);
}
