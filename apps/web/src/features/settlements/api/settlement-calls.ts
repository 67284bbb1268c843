// The settlements' reads (`settlements`): the list of one type, a page at a time appended by Load
// more (spec 2 section 7: the call pages, the screens load more), and one settlement with its
// transactions (also appended by Load more) and its summary. SETTLEMENTS_QUERY_KEY is refreshed
// by every money movement (hooks/money-moved.ts), so a settlement or a reserve's release shows
// as soon as its live notification arrives.
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  PAGE_LIMITS,
  settlementsCall,
  type TSettlementRow,
  type TSettlementsResponse,
  type TSettlementTransaction,
  type TSettlementTypeName,
} from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { distinctRows, loadMoreView, nextPageOf, usePagedLoadMoreQuery, type ListView } from '../../../hooks/use-list-query.ts';
import { SETTLEMENTS_QUERY_KEY } from '../../../hooks/money-moved.ts';

export { SETTLEMENTS_QUERY_KEY };

export interface SettlementListFilters {
  type: TSettlementTypeName;
  storeId?: number | undefined;
  terminalId?: number | undefined;
  channelId?: number | undefined;
}

/** The merchant's settlements of one type, newest first, Load more asking for the next page. */
export function useSettlementList(filters: SettlementListFilters, perPage: number = PAGE_LIMITS.perPageDefault): ListView<TSettlementRow> {
  const { firstPage: _first, ...list } = usePagedLoadMoreQuery(
    settlementsCall,
    filters,
    { perPage, idOf: (row) => row.id },
    { queryKey: [...SETTLEMENTS_QUERY_KEY, 'list'] },
  );
  return list;
}

export interface SettlementDetailView {
  /** The settlement (its header and reserve); undefined until the first answer. */
  settlement: TSettlementRow | undefined;
  summary: NonNullable<TSettlementsResponse['details']>['summary'] | undefined;
  transactions: ListView<TSettlementTransaction>;
  /** The first answer's refusal (SETTLEMENT_NOT_FOUND for another merchant's or an unknown id). */
  error: Error | null;
  loading: boolean;
  retry: () => void;
}

/** One settlement, its summary and its transactions (Load more for the next page of them). */
export function useSettlementDetail(settlementId: number | undefined, perPage: number = PAGE_LIMITS.perPageDefault): SettlementDetailView {
  const enabled = settlementId !== undefined;
  const query = useInfiniteQuery({
    queryKey: [...SETTLEMENTS_QUERY_KEY, 'detail', settlementId, perPage],
    // The page says a refusal itself (Settlement not found, or the error with Retry): no toast.
    queryFn: ({ signal, pageParam }) =>
      call(settlementsCall, { settlementId: settlementId!, page: pageParam, perPage }, { signal, errorToast: false }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.details ? nextPageOf(last.details.paginationData) : undefined),
    enabled,
  });
  const first = query.data?.pages[0];
  return {
    settlement: first?.data[0],
    summary: first?.details?.summary,
    // The transactions of every page read, a row seen already not shown twice.
    transactions: loadMoreView(
      query,
      distinctRows(
        (query.data?.pages ?? []).flatMap((answer) => answer.details?.transactions ?? []),
        (row) => row.uuid,
      ),
      undefined,
      enabled,
    ),
    error: query.data === undefined ? query.error : null,
    loading: enabled && query.data === undefined && !query.isError,
    retry: () => void query.refetch(),
  };
}
