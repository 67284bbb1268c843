// The Api Payment Search Filter (spec 2): store -> terminal -> channel and a search (a payment or
// transaction id, or its beginning); Search and Clear.
import { FilterBar } from '../../../components/filters/filter-bar.tsx';
import { SearchFilter } from '../../../components/filters/search-filter.tsx';
import { StoreTerminalChannelFilter } from '../../../components/filters/store-terminal-channel-filter.tsx';
import type { FilterDraft } from '../../../components/filters/use-filter-draft.ts';
import type { ZApiPaymentUrlFilters } from '../api/api-payment-calls.ts';

export function ApiPaymentFilters({ draft, activeCount }: { draft: FilterDraft<typeof ZApiPaymentUrlFilters>; activeCount: number }) {
  const { values, errors, set } = draft;
  return (
    <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={activeCount}>
      <SearchFilter
        label="Search"
        placeholder="Payment or transaction id"
        value={values.transactionId}
        onChange={(transactionId) => set({ transactionId })}
        error={errors.transactionId}
      />
      <StoreTerminalChannelFilter value={values} onChange={(scope) => set(scope)} />
    </FilterBar>
  );
}
