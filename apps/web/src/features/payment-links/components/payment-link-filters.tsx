// The payment links' Search Filter: start and end date (the day a link was created, GMT) and a
// search in token, description, receipt number, e-mail and phone.
import { DateRangeFilter } from '../../../components/filters/date-range-filter.tsx';
import { FilterBar } from '../../../components/filters/filter-bar.tsx';
import { SearchFilter } from '../../../components/filters/search-filter.tsx';
import type { FilterDraft } from '../../../components/filters/use-filter-draft.ts';
import type { ZPaymentLinkUrlFilters } from '../api/payment-link-calls.ts';

export function PaymentLinkFilters({ draft, activeCount }: { draft: FilterDraft<typeof ZPaymentLinkUrlFilters>; activeCount: number }) {
  const { values, errors, set } = draft;
  return (
    <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={activeCount}>
      <DateRangeFilter value={values} onChange={(range) => set(range)} />
      <SearchFilter
        label="Search"
        placeholder="Token, description, receipt, email or phone"
        value={values.search}
        onChange={(search) => set({ search })}
        error={errors.search ?? errors.toDate}
      />
    </FilterBar>
  );
}
