// The signed-in user's transactions (get-transactions): a page of the list, or one in detail.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getTransactions } from '@paywallet/contract';
import type { TTransactionDetail, TTransactionRow } from '@paywallet/contract';
import { ApiError } from '../../../api/api-error.ts';
import { call } from '../../../api/client.ts';
import type { PageOf } from '../../../components/paged-list.tsx';
import { TRANSACTIONS_QUERY_KEY } from '../../../hooks/money-moved.ts';

/** The server answered with the other shape of the union than was asked for: a bug. */
function wrongShape(): never {
  throw new ApiError(500, 'The server sent an unexpected answer.');
}

export function useTransactions({ page, perPage }: { page: number; perPage: number }) {
  return useQuery({
    queryKey: [...TRANSACTIONS_QUERY_KEY, 'list', page, perPage],
    queryFn: async ({ signal }): Promise<PageOf<TTransactionRow>> => {
      const answer = await call(getTransactions, { page, perPage }, { signal });
      return 'data' in answer ? answer : wrongShape();
    },
    placeholderData: keepPreviousData,
  });
}

export function useTransactionDetail(uuid: string) {
  return useQuery({
    queryKey: [...TRANSACTIONS_QUERY_KEY, 'detail', uuid],
    queryFn: async ({ signal }): Promise<TTransactionDetail> => {
      const answer = await call(getTransactions, { transactionDetail: 1, transactionId: uuid }, { signal });
      return 'detail' in answer ? answer.detail : wrongShape();
    },
  });
}
