// The customers' Search Filter: start and end date (the day the customer was first seen, GMT),
// a search in name, e-mail and phone, and store -> terminal -> channel.
import { DateRangeFilter } from '../../../components/filters/date-range-filter.tsx';
import { FilterBar } from '../../../components/filters/filter-bar.tsx';
import { SearchFilter } from '../../../components/filters/search-filter.tsx';
import { StoreTerminalChannelFilter } from '../../../components/filters/store-terminal-channel-filter.tsx';
import type { FilterDraft } from '../../../components/filters/use-filter-draft.ts';
import type { ZCustomerUrlFilters } from '../api/customer-calls.ts';

export function CustomerFilters({ draft, activeCount }: { draft: FilterDraft<typeof ZCustomerUrlFilters>; activeCount: number }) {
  const { values, errors, set } = draft;
  return (
    <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={activeCount}>
      <DateRangeFilter value={values} onChange={(range) => set(range)} />
      <SearchFilter
        label="Search"
        placeholder="Name, email or phone"
        value={values.search}
        onChange={(search) => set({ search })}
        error={errors.search ?? errors.toDate}
      />
      <StoreTerminalChannelFilter value={values} onChange={(scope) => set(scope)} />
    </FilterBar>
  );
}
