// The account ledger's reads: the ledger a page at a time, appended by Load more (the spec's
// page and perPage; paginationData says whether more rows follow). The filters the URL holds are the call's own, checked as the server
// checks them.
import { useInfiniteQuery } from '@tanstack/react-query';
import { dateRangeOrdered, getAccountLedgerCall, PAGE_LIMITS, ZLedgerFilters, type TLedgerRow } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import type { ListView } from '../../../hooks/use-list-query.ts';

export const ZLedgerUrlFilters = ZLedgerFilters.pick({ channelId: true, fromDate: true, toDate: true }).superRefine(dateRangeOrdered);

export const ACCOUNT_LEDGER_QUERY_KEY = ['get-account-ledger'] as const;

export interface LedgerQueryFilters {
  userAccountId: number | undefined;
  channelId?: number | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

export interface LedgerView {
  list: ListView<TLedgerRow>;
  /** The wallet's balance after the newest row (the first page's closingBalance). */
  closingBalance: number | null | undefined;
}

/** The ledger of the wallet, Load more asking for the next page; a row seen already is not shown twice. */
export function useAccountLedger(filters: LedgerQueryFilters, perPage: number = PAGE_LIMITS.perPageDefault): LedgerView {
  const { userAccountId } = filters;
  const enabled = userAccountId !== undefined;
  const query = useInfiniteQuery({
    queryKey: [...ACCOUNT_LEDGER_QUERY_KEY, filters, perPage],
    queryFn: ({ signal, pageParam }) =>
      call(getAccountLedgerCall, { ...filters, userAccountId: userAccountId!, page: pageParam, perPage }, { signal }),
    initialPageParam: 1,
    getNextPageParam: ({ paginationData: { currentPage, perPage: size, total } }) =>
      currentPage * size < total ? currentPage + 1 : undefined,
    enabled,
  });
  const pages = query.data?.pages ?? [];
  // Entries written while the user reads shift the pages by as many rows: skip the repeats.
  const seen = new Set<number>();
  const rows = pages.flatMap((page) => page.data).filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
  const phase = query.data !== undefined ? 'ready' : query.isError ? 'error' : enabled ? 'loading' : 'waiting';
  return {
    list: {
      rows,
      total: pages[0]?.paginationData.total,
      phase,
      error: query.error,
      fetching: query.isFetching && !query.isFetchingNextPage && query.data !== undefined,
      retry: () => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch()),
      paging: {
        mode: 'load-more',
        hasMore: query.hasNextPage,
        loadingMore: query.isFetchingNextPage,
        loadMore: () => void query.fetchNextPage(),
      },
    },
    closingBalance: pages[0]?.closingBalance,
  };
}
