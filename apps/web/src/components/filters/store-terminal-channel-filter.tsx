// The store -> terminal -> channel filter of the merchant's lists (spec 2 and 3): a searchable
// store (SearchSelect on get-stores), then the chosen store's terminals, then the chosen
// terminal's channels, with the clearing rules of store-scope.ts. The merchant's stores are read
// once (the first page of the largest size): they are the store list before any search, and they
// name the store, terminal and channel of a scope restored from the URL.
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getStoresCall, TEXTS } from '@paywallet/contract';
import type { TStoreOption } from '@paywallet/contract';
import { call } from '../../api/client.ts';
import { SearchSelect } from './search-select.tsx';
import type { SearchSelectOption } from './search-select.tsx';
import { changeChannel, changeStore, changeTerminal, channelsOf, terminalsOf } from './store-scope.ts';
import type { StoreScope } from './store-scope.ts';

const STORES_QUERY_KEY = ['get-stores', 'all'] as const;

function storeOption(store: TStoreOption): SearchSelectOption<TStoreOption> {
  return { value: String(store.id), label: store.name, item: store };
}

function useMerchantStores() {
  return useQuery({
    queryKey: STORES_QUERY_KEY,
    queryFn: ({ signal }) => call(getStoresCall, {}, { signal }),
  });
}

export interface StoreTerminalChannelFilterProps {
  value: StoreScope;
  onChange: (scope: StoreScope) => void;
}

export function StoreTerminalChannelFilter({ value, onChange }: StoreTerminalChannelFilterProps) {
  const stores = useMerchantStores();
  // A store found by a search may lie beyond the first page: keep what the search answered.
  const [picked, setPicked] = useState<TStoreOption | undefined>(undefined);
  const known = stores.data?.stores ?? [];
  const store = picked && String(picked.id) === value.storeId ? picked : known.find((candidate) => String(candidate.id) === value.storeId);
  const terminals = terminalsOf(store);
  const channels = channelsOf(store, value.terminalId);

  return (
    <>
      <SearchSelect
        label="Store"
        placeholder="Search a store, press Enter"
        call={getStoresCall}
        request={(search) => ({ search })}
        options={(data) => data.stores.map(storeOption)}
        initialOptions={known.map(storeOption)}
        value={value.storeId ?? null}
        valueLabel={store?.name ?? (value.storeId ? `Store ${value.storeId}` : undefined)}
        onChange={(option) => {
          setPicked(option?.item);
          onChange(changeStore(value, option?.value));
        }}
      />
      <Select
        label="Terminal"
        placeholder={store ? 'All terminals' : 'Choose a store first'}
        data={terminals.map((terminal) => ({ value: String(terminal.id), label: terminal.name }))}
        value={value.terminalId ?? null}
        onChange={(terminalId) => onChange(changeTerminal(value, terminalId ?? undefined))}
        disabled={terminals.length === 0}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear Terminal' }}
        nothingFoundMessage={TEXTS.noData}
      />
      <Select
        label="Channel"
        placeholder={value.terminalId ? 'All channels' : 'Choose a terminal first'}
        data={channels.map((channel) => ({ value: String(channel.id), label: channel.name }))}
        value={value.channelId ?? null}
        onChange={(channelId) => onChange(changeChannel(value, channelId ?? undefined))}
        disabled={channels.length === 0}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear Channel' }}
      />
    </>
  );
}
