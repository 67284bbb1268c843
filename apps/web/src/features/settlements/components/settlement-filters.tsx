// The settlements' Search Filter: store -> terminal -> channel (the kit's cascade, with the spec's
// clearing rules), Search and Clear.
import { FilterBar } from '../../../components/filters/filter-bar.tsx';
import { StoreTerminalChannelFilter } from '../../../components/filters/store-terminal-channel-filter.tsx';
import type { FilterDraft } from '../../../components/filters/use-filter-draft.ts';
import type { ZSettlementUrlFilters } from '../settlement-view.ts';

export function SettlementFilters({ draft, activeCount }: { draft: FilterDraft<typeof ZSettlementUrlFilters>; activeCount: number }) {
  return (
    <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={activeCount}>
      <StoreTerminalChannelFilter value={draft.values} onChange={(scope) => draft.set(scope)} />
    </FilterBar>
  );
}
