// The account ledger's reads: the ledger a page at a time, appended by Load more (the spec's
// page and perPage; paginationData says whether more rows follow). The filters the URL holds are the call's own, checked as the server
// checks them.
import { dateRangeOrdered, getAccountLedgerCall, PAGE_LIMITS, ZLedgerFilters, type TLedgerRow } from '@paywallet/contract';
import { usePagedLoadMoreQuery, type ListView } from '../../../hooks/use-list-query.ts';

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
  const { firstPage, ...list } = usePagedLoadMoreQuery(
    getAccountLedgerCall,
    { ...filters, userAccountId: userAccountId! },
    { perPage, idOf: (row) => row.id },
    { queryKey: ACCOUNT_LEDGER_QUERY_KEY, enabled: userAccountId !== undefined },
  );
  return { list, closingBalance: firstPage?.closingBalance };
}
