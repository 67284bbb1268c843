// The reads behind every list screen. `useListQuery` asks a list call for one page (keyed by the
// call, its filters and the page, keeping the previous page on screen while the next loads);
// `useLoadMoreQuery` keeps appending rows for a list with a Load more button (spec 2 section 9),
// following the server's load-more protocol: `cursor` and `perPage` in, `{ data, nextCursor }`
// out, `nextCursor: null` after the last rows (docs/lists.md). Both answer a ListView, which
// DataTable draws: rows, total, which phase the list is in, and how it pages.
import { useEffect } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { CallDef, TCallRequest, TCallResponse, TPageOf } from '@paywallet/contract';
import { ApiError } from '../api/api-error.ts';
import { call } from '../api/client.ts';
import { lastPageOf } from '../lib/paging.ts';

/** The page of a list and how to move it (from useUrlFilters, or local state). */
export interface Pager {
  page: number;
  perPage: number;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
}

/** The row type of a list call: the rows of the page member of its answer. */
export type ListRow<C extends CallDef> = Extract<TCallResponse<C>, TPageOf<unknown>> extends TPageOf<infer Row> ? Row : never;
/** What a list call takes besides its page. */
export type ListFilters<C extends CallDef> = Omit<TCallRequest<C>, 'page' | 'perPage'>;

/** A load-more answer: the rows after the cursor sent, and the cursor of the next rows (null: none). */
export interface LoadMoreAnswer<Row> {
  data: Row[];
  nextCursor: string | null;
}
export type LoadMoreRow<C extends CallDef> =
  Extract<TCallResponse<C>, LoadMoreAnswer<unknown>> extends LoadMoreAnswer<infer Row> ? Row : never;
/** What a load-more call takes besides its cursor and size. */
export type LoadMoreFilters<C extends CallDef> = Omit<TCallRequest<C>, 'cursor' | 'perPage'>;

export type ListPaging =
  { mode: 'pages'; pager: Pager } | { mode: 'load-more'; hasMore: boolean; loadingMore: boolean; loadMore: () => void };

export interface ListView<Row> {
  /** The rows to show now; empty until the first answer. */
  rows: Row[];
  /** The server's total; undefined until the first answer. */
  total: number | undefined;
  /** waiting: not allowed to load yet (a delayed list); loading: the first answer is on its way. */
  phase: 'waiting' | 'loading' | 'error' | 'ready';
  error: Error | null;
  /** A newer answer is on its way while the rows of the previous one are shown. */
  fetching: boolean;
  retry: () => void;
  paging: ListPaging;
}

export interface ListQueryOptions {
  /** The cache key's beginning, to refresh the list with others of its area. Default: the call's path. */
  queryKey?: readonly unknown[];
  /** False holds the list back (spec 1 section 9: lists that load a moment after the screen opens). */
  enabled?: boolean;
}

/** The server answered another shape than the call asked for: a server bug, shown with Retry. */
export function unexpectedAnswer(): never {
  throw new ApiError(500, 'The server sent an unexpected answer.');
}

function isPage(answer: unknown): answer is TPageOf<unknown> {
  return typeof answer === 'object' && answer !== null && Array.isArray((answer as TPageOf<unknown>).data) && 'paginationData' in answer;
}

async function fetchPage<C extends CallDef>(def: C, body: TCallRequest<C>, signal: AbortSignal): Promise<TPageOf<ListRow<C>>> {
  const answer = await call(def, body, { signal });
  // A call whose answer is a union (get-transactions also answers one in detail) must have
  // answered a page here; anything else is a server bug, shown as an error with Retry.
  if (!isPage(answer)) unexpectedAnswer();
  return answer as TPageOf<ListRow<C>>;
}

function phaseOf(query: { isPending: boolean; isError: boolean; data: unknown }, enabled: boolean): ListView<unknown>['phase'] {
  if (query.data !== undefined) return 'ready';
  if (query.isError) return 'error';
  return enabled ? 'loading' : 'waiting';
}

export function useListQuery<C extends CallDef>(
  def: C,
  filters: ListFilters<C>,
  pager: Pager,
  options: ListQueryOptions = {},
): ListView<ListRow<C>> {
  const { page, perPage, setPage } = pager;
  const enabled = options.enabled ?? true;
  const query = useQuery({
    queryKey: [...(options.queryKey ?? [def.path]), 'list', filters, page, perPage],
    queryFn: ({ signal }) => fetchPage(def, { ...filters, page, perPage } as TCallRequest<C>, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
  const total = query.data?.paginationData.total;
  const pastTheEnd = query.isSuccess && !query.isPlaceholderData && total !== undefined && total > 0 && page > lastPageOf(total, perPage);
  // A shared link or a shrinking list can point past the last page: go to the last one instead.
  useEffect(() => {
    if (pastTheEnd && total !== undefined) setPage(lastPageOf(total, perPage));
  }, [pastTheEnd, total, perPage, setPage]);

  return {
    rows: query.data?.data ?? [],
    total,
    phase: phaseOf(query, enabled),
    error: query.error,
    fetching: query.isFetching && query.data !== undefined,
    retry: () => void query.refetch(),
    paging: { mode: 'pages', pager },
  };
}

function isLoadMore(answer: unknown): answer is LoadMoreAnswer<unknown> {
  return typeof answer === 'object' && answer !== null && Array.isArray((answer as LoadMoreAnswer<unknown>).data) && 'nextCursor' in answer;
}

async function fetchMore<C extends CallDef>(def: C, body: TCallRequest<C>, signal: AbortSignal): Promise<LoadMoreAnswer<LoadMoreRow<C>>> {
  const answer = await call(def, body, { signal });
  if (!isLoadMore(answer)) unexpectedAnswer();
  return answer as LoadMoreAnswer<LoadMoreRow<C>>;
}

export function useLoadMoreQuery<C extends CallDef>(
  def: C,
  filters: LoadMoreFilters<C>,
  { perPage }: { perPage: number },
  options: ListQueryOptions = {},
): ListView<LoadMoreRow<C>> {
  const enabled = options.enabled ?? true;
  const query = useInfiniteQuery({
    queryKey: [...(options.queryKey ?? [def.path]), 'load-more', filters, perPage],
    // The first rows are asked for without a cursor; each answer names the next one.
    queryFn: ({ signal, pageParam }) => fetchMore(def, { ...filters, cursor: pageParam ?? undefined, perPage } as TCallRequest<C>, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
  const pages = query.data?.pages ?? [];
  // A load-more list has no total: it knows only whether more rows follow.
  return loadMoreView(
    query,
    pages.flatMap((page) => page.data),
    undefined,
    enabled,
  );
}

/**
 * The rows an infinite query has read so far as a load-more list (every Load more hook's view,
 * the screens' own included): its phase, Retry, and Load more asking for the next page.
 */
export function loadMoreView<Row, Data>(
  query: UseInfiniteQueryResult<Data>,
  rows: Row[],
  total: number | undefined,
  enabled: boolean,
): ListView<Row> {
  return {
    rows,
    total,
    phase: phaseOf(query, enabled),
    error: query.error,
    fetching: query.isFetching && !query.isFetchingNextPage && query.data !== undefined,
    // After a failed Load more, Retry asks for those rows again rather than reloading the list.
    retry: () => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch()),
    paging: {
      mode: 'load-more',
      hasMore: query.hasNextPage,
      loadingMore: query.isFetchingNextPage,
      loadMore: () => void query.fetchNextPage(),
    },
  };
}

/** Rows read page after page, a row seen already not shown twice (rows written meanwhile shift the pages). */
export function distinctRows<Row>(rows: Row[], idOf: (row: Row) => string | number): Row[] {
  const seen = new Set<string | number>();
  return rows.filter((row) => !seen.has(idOf(row)) && Boolean(seen.add(idOf(row))));
}

/** The next page number after an answer's paginationData, or undefined after the last. */
export function nextPageOf({ currentPage, perPage, total }: { currentPage: number; perPage: number; total: number }): number | undefined {
  return currentPage * perPage < total ? currentPage + 1 : undefined;
}

/**
 * The load-more variant for a call that pages by number (`page`, `perPage` in, `paginationData`
 * out; spec 2's lists that the screens grow by Load more): each Load more asks for the next page
 * and appends it, while `paginationData` says more rows follow. Rows written meanwhile shift the
 * pages by as many rows, so a row already shown is not shown twice (`idOf`). `firstPage` is the
 * first answer whole, for what a call answers beside its rows (the ledger's closingBalance).
 */
export function usePagedLoadMoreQuery<C extends CallDef>(
  def: C,
  filters: ListFilters<C>,
  { perPage, idOf }: { perPage: number; idOf: (row: ListRow<C>) => string | number },
  options: ListQueryOptions = {},
): ListView<ListRow<C>> & { firstPage: TCallResponse<C> | undefined } {
  const enabled = options.enabled ?? true;
  const query = useInfiniteQuery({
    queryKey: [...(options.queryKey ?? [def.path]), 'paged-load-more', filters, perPage],
    queryFn: ({ signal, pageParam }) => fetchPage(def, { ...filters, page: pageParam, perPage } as TCallRequest<C>, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageOf(last.paginationData),
    enabled,
  });
  const pages = query.data?.pages ?? [];
  const rows = distinctRows(
    pages.flatMap((page) => page.data),
    idOf,
  );
  return {
    ...loadMoreView(query, rows, pages[0]?.paginationData.total, enabled),
    firstPage: pages[0] as TCallResponse<C> | undefined,
  };
}
