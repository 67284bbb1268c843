// The transaction types (`transaction-types`), for a type filter or choice (the transaction list,
// Generate Report): they never change while the app runs.
import { useQuery } from '@tanstack/react-query';
import { transactionTypesCall } from '@paywallet/contract';
import { call } from '../api/client.ts';
import { TRANSACTIONS_QUERY_KEY } from './money-moved.ts';

export function useTransactionTypes() {
  return useQuery({
    queryKey: [...TRANSACTIONS_QUERY_KEY, 'types'],
    staleTime: Infinity,
    queryFn: ({ signal }) => call(transactionTypesCall, {}, { signal }),
  });
}

/** The types as select options: the id as the value, the name as the label. */
export function transactionTypeOptions(types: readonly { id: number; name: string }[] | undefined): { value: string; label: string }[] {
  return (types ?? []).map((type) => ({ value: String(type.id), label: type.name }));
}
