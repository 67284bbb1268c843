// The calls of the payment-link screens (spec 3 section 7, Payment links): the list's filters as
// the URL holds them, the form's options (allowed currencies, the merchant's online channels of
// Active stores, the schemes allowed for a currency and channel), the status change, a link's
// transactions, and its attempts (cached per link: opening the list again shows it at once).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dateRangeOrdered,
  getAllowedCurrenciesCall,
  getAllowedPaymentMethodsCall,
  getPaymentLinkInfoCall,
  getPaymentlinkAttemptsCall,
  getPaymentlinkTransactionsCall,
  getStoresCall,
  GET_STORES_TYPE,
  STORE_STATUS,
  updatePaymentLinkCall,
  ZPaymentLinkFilters,
  type TChannelWithParents,
  type TPaymentLinkStatus,
} from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import type { ListView } from '../../../hooks/use-list-query.ts';

export const ZPaymentLinkUrlFilters = ZPaymentLinkFilters.pick({ fromDate: true, toDate: true, search: true }).superRefine(
  dateRangeOrdered,
);

export const PAYMENT_LINKS_QUERY_KEY = ['payment-links'] as const;
/** Attempts stay fresh this long: going back to a link's attempts shows the cached list. */
const ATTEMPTS_FRESH_MS = 5 * 60 * 1000;

export function useLinkCurrencies() {
  return useQuery({
    queryKey: [...PAYMENT_LINKS_QUERY_KEY, 'currencies'],
    queryFn: ({ signal }) => call(getAllowedCurrenciesCall, { type: 'PAYMENT_LINK' }, { signal }),
  });
}

/** The merchant's online channels under Active stores, each with its store and terminal. */
export function useLinkChannels() {
  return useQuery({
    queryKey: [...PAYMENT_LINKS_QUERY_KEY, 'channels'],
    queryFn: async ({ signal }): Promise<TChannelWithParents[]> => {
      const answer = await call(getStoresCall, { type: GET_STORES_TYPE.WITH_CHANNELS }, { signal });
      const active = new Set(answer.stores.filter((store) => store.status === STORE_STATUS.ACTIVE).map((store) => store.id));
      return (answer.channels ?? []).filter((channel) => channel.type === 'online' && active.has(channel.store.id));
    },
  });
}

export function channelLabel(channel: TChannelWithParents): string {
  return `${channel.store.name}/${channel.terminal.name}/${channel.name}`;
}

/** The schemes a link in this currency on this channel may accept; nothing until both are chosen. */
export function useLinkSchemes(currencyId: number | undefined, channelId: number | undefined) {
  return useQuery({
    queryKey: [...PAYMENT_LINKS_QUERY_KEY, 'schemes', currencyId, channelId],
    enabled: currencyId !== undefined && channelId !== undefined,
    queryFn: ({ signal }) =>
      call(getAllowedPaymentMethodsCall, { type: 'PAYMENT_LINK', currencyId: currencyId!, channelId: channelId! }, { signal }),
  });
}

export function useUpdateLinkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { paymentLinkId: number; status: TPaymentLinkStatus }) => call(updatePaymentLinkCall, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYMENT_LINKS_QUERY_KEY }),
  });
}

export function useLinkTransactions(paymentLinkId: number | undefined) {
  return useQuery({
    queryKey: [...PAYMENT_LINKS_QUERY_KEY, 'transactions', paymentLinkId],
    enabled: paymentLinkId !== undefined,
    queryFn: ({ signal }) => call(getPaymentlinkTransactionsCall, { paymentLinkId: paymentLinkId! }, { signal }),
  });
}

/** One link by its token (the attempts routes carry the token), or null when the merchant has none such. */
export function useLinkByToken(token: string | undefined) {
  return useQuery({
    queryKey: [...PAYMENT_LINKS_QUERY_KEY, 'by-token', token],
    enabled: token !== undefined && token !== '',
    staleTime: ATTEMPTS_FRESH_MS,
    queryFn: async ({ signal }) => {
      const answer = await call(getPaymentLinkInfoCall, { paymentLinkToken: token!, perPage: 1 }, { signal });
      return answer.data[0] ?? null;
    },
  });
}

/** The attempts of one link, cached per link (spec 3 section 2.1). */
export function useLinkAttempts(paymentLinkId: number | undefined) {
  return useQuery({
    queryKey: [...PAYMENT_LINKS_QUERY_KEY, 'attempts', paymentLinkId],
    enabled: paymentLinkId !== undefined,
    staleTime: ATTEMPTS_FRESH_MS,
    queryFn: async ({ signal }) => (await call(getPaymentlinkAttemptsCall, { paymentLinkId: paymentLinkId! }, { signal })).attempts,
  });
}

export function useAttemptLog(paymentLinkId: number | undefined, attemptId: string | undefined) {
  return useQuery({
    queryKey: [...PAYMENT_LINKS_QUERY_KEY, 'attempt-log', paymentLinkId, attemptId],
    enabled: paymentLinkId !== undefined && attemptId !== undefined,
    staleTime: ATTEMPTS_FRESH_MS,
    queryFn: async ({ signal }) =>
      (await call(getPaymentlinkAttemptsCall, { paymentLinkId: paymentLinkId!, attemptId: attemptId! }, { signal })).log,
  });
}

/** A whole list already in hand (a query's rows) as the DataTable's list: no pages. */
export function wholeList<Row>(query: {
  data: Row[] | undefined;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}): ListView<Row> {
  const rows = query.data ?? [];
  return {
    rows,
    total: query.data?.length,
    phase: query.data !== undefined ? 'ready' : query.isError ? 'error' : 'loading',
    error: query.error,
    fetching: query.isFetching && query.data !== undefined,
    retry: () => void query.refetch(),
    paging: { mode: 'load-more', hasMore: false, loadingMore: false, loadMore: () => undefined },
  };
}
