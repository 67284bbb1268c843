// The account ledger's Search Filter (spec 2, Account Ledger): the channel (a fixed list of the
// merchant's own channels that filters as the user types, DECISIONS 44), start and end date;
// Search and Clear.
import { Select } from '@mantine/core';
import { TEXTS } from '@paywallet/contract';
import { DateRangeFilter } from '../../../components/filters/date-range-filter.tsx';
import { FilterBar } from '../../../components/filters/filter-bar.tsx';
import type { FilterDraft } from '../../../components/filters/use-filter-draft.ts';
import { useMerchantChannels } from '../../../hooks/use-merchant-channels.ts';
import type { ZLedgerUrlFilters } from '../api/account-ledger-calls.ts';

export function LedgerFilters({ draft, activeCount }: { draft: FilterDraft<typeof ZLedgerUrlFilters>; activeCount: number }) {
  const { values, errors, set } = draft;
  const channels = useMerchantChannels();
  return (
    <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={activeCount}>
      <Select
        label="Channel"
        placeholder="Search a channel"
        searchable
        clearable
        data={channels.data ?? []}
        value={values.channelId ?? null}
        onChange={(channelId) => set({ channelId: channelId ?? undefined })}
        nothingFoundMessage={TEXTS.noData}
        error={errors.channelId}
        comboboxProps={{ withinPortal: true }}
      />
      <DateRangeFilter value={values} onChange={(range) => set(range)} />
    </FilterBar>
  );
}
