// The refunds' Search Filter: start and end date, store -> terminal -> channel, currency (the
// merchant's wallets), a search (refund or transaction id, or description) and status.
import { Select } from '@mantine/core';
import { DateRangeFilter } from '../../../components/filters/date-range-filter.tsx';
import { FilterBar } from '../../../components/filters/filter-bar.tsx';
import { SearchFilter } from '../../../components/filters/search-filter.tsx';
import { StoreTerminalChannelFilter } from '../../../components/filters/store-terminal-channel-filter.tsx';
import type { FilterDraft } from '../../../components/filters/use-filter-draft.ts';
import { useWalletList } from '../../../hooks/use-wallet-list.ts';
import type { ZRefundUrlFilters } from '../api/refund-calls.ts';
import { REFUND_STATUS_OPTIONS } from '../../../components/refund-status.tsx';

export function RefundFilters({ draft, activeCount }: { draft: FilterDraft<typeof ZRefundUrlFilters>; activeCount: number }) {
  const { values, errors, set } = draft;
  const wallets = useWalletList();
  const currencies = [...new Map((wallets.data ?? []).map((wallet) => [wallet.currency_id, wallet.currency.code])).entries()].map(
    ([id, code]) => ({ value: String(id), label: code }),
  );
  return (
    <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={activeCount}>
      <DateRangeFilter value={values} onChange={(range) => set(range)} />
      <StoreTerminalChannelFilter value={values} onChange={(scope) => set(scope)} />
      <Select
        label="Currency"
        placeholder="All currencies"
        data={currencies}
        value={values.currencyId === undefined ? null : String(values.currencyId)}
        onChange={(value) => set({ currencyId: value ?? undefined })}
        clearable
      />
      <SearchFilter
        label="Search"
        placeholder="Refund or transaction id, description"
        value={values.search}
        onChange={(search) => set({ search })}
        error={errors.search ?? errors.toDate}
      />
      <Select
        label="Status"
        placeholder="All statuses"
        data={REFUND_STATUS_OPTIONS}
        value={values.status === undefined ? null : String(values.status)}
        onChange={(value) => set({ status: value ?? undefined })}
        clearable
      />
    </FilterBar>
  );
}
