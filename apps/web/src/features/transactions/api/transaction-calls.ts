// The signed-in account's transactions (get-transactions): the list's filters as the URL holds
// them, one transaction in detail, and the attempts that made a merchant's card payment
// (get-transaction-attempts). The list itself is read by hooks/use-list-query.ts.
import { useQuery } from '@tanstack/react-query';
import { dateRangeOrdered, getTransactionAttemptsCall, getTransactionsCall, ZTransactionFilters } from '@paywallet/contract';
import type { TTransactionDetail } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { TRANSACTIONS_QUERY_KEY } from '../../../hooks/money-moved.ts';
import { unexpectedAnswer } from '../../../hooks/use-list-query.ts';

/**
 * The list's filters as the URL holds them (spec 2, Transactions), checked as the server checks
 * them: dates, the transaction id, status, type, wallet, and the customer e-mail and the
 * store -> terminal -> channel scope, which only a merchant's screen offers and sends.
 */
export const ZTransactionUrlFilters = ZTransactionFilters.pick({
  fromDate: true,
  toDate: true,
  transactionId: true,
  status: true,
  transactionTypeId: true,
  userAccountId: true,
  customerEmail: true,
  storeId: true,
  terminalId: true,
  channelId: true,
}).superRefine(dateRangeOrdered);

export const TRANSACTIONS_LIST_KEY = [...TRANSACTIONS_QUERY_KEY, 'list'] as const;

export function useTransactionDetail(uuid: string, enabled = true) {
  return useQuery({
    queryKey: [...TRANSACTIONS_QUERY_KEY, 'detail', uuid],
    enabled,
    queryFn: async ({ signal }): Promise<TTransactionDetail> => {
      const answer = await call(getTransactionsCall, { transactionDetail: 1, transactionId: uuid }, { signal });
      // A page where one transaction was asked for.
      return 'detail' in answer ? answer.detail : unexpectedAnswer();
    },
  });
}

/** The attempts that made one of the merchant's transactions, oldest first (as the server orders them). */
export function useTransactionAttempts(uuid: string | undefined) {
  return useQuery({
    queryKey: [...TRANSACTIONS_QUERY_KEY, 'attempts', uuid],
    enabled: uuid !== undefined,
    queryFn: async ({ signal }) => (await call(getTransactionAttemptsCall, { transactionId: uuid! }, { signal })).attempts,
  });
}
