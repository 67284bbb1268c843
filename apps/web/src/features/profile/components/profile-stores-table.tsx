// The profile's Stores table (spec 3 section 2.5): the merchant's stores a page at a time with
// their status (1 Active, otherwise Inactive); a row expands to its terminals and channels.
import { Badge, Stack, Text } from '@mantine/core';
import type { TStoreOption } from '@paywallet/contract';
import { STORE_STATUS, TEXTS } from '@paywallet/contract';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import type { ListView } from '../../../hooks/use-list-query.ts';
import { useUrlPager } from '../../../hooks/use-url-filters.ts';
import { useProfileStores } from '../api/profile-calls.ts';

const COLUMNS: DataColumn<TStoreOption>[] = [
  { accessor: 'name', title: 'Store' },
  { accessor: 'code', title: 'Code', noWrap: true },
  {
    accessor: 'status',
    title: 'Status',
    render: (row) => (
      <Badge color={row.status === STORE_STATUS.ACTIVE ? 'green' : 'gray'} variant="light">
        {row.status === STORE_STATUS.ACTIVE ? 'Active' : 'Inactive'}
      </Badge>
    ),
  },
  { accessor: 'terminals', title: 'Terminals', textAlign: 'right', render: (row) => row.terminals.length },
];

function TerminalsAndChannels({ store }: { store: TStoreOption }) {
  if (store.terminals.length === 0) return <Text size="sm">{TEXTS.noData}</Text>;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={`Terminals of ${store.name}`}>
      {store.terminals.map((terminal) => (
        <li key={terminal.id}>
          <Text size="sm" fw={600}>
            Terminal: {terminal.name}{' '}
            <Text span size="xs" c="dimmed">
              ({terminal.code})
            </Text>
          </Text>
          <Text size="sm" c="dimmed" component="div">
            Channels:{' '}
            {terminal.channels.length === 0
              ? TEXTS.noData
              : terminal.channels.map((channel) => `${channel.name} (${channel.type === 'pos' ? 'POS' : 'Online'})`).join(', ')}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

export function ProfileStoresTable() {
  const pager = useUrlPager({ namespace: 'stores' });
  const query = useProfileStores(pager);
  const list: ListView<TStoreOption> = {
    rows: query.data?.stores ?? [],
    total: query.data?.paginationData?.total,
    phase: query.data !== undefined ? 'ready' : query.isError ? 'error' : 'loading',
    error: query.error,
    fetching: query.isFetching && query.data !== undefined,
    retry: () => void query.refetch(),
    paging: { mode: 'pages', pager },
  };
  return (
    <DataTable
      label="Stores"
      storageKey="table.profile-stores"
      list={list}
      columns={COLUMNS}
      idAccessor="id"
      rowAttributes={(row) => ({ 'data-store-id': row.id })}
      expansion={{ label: 'terminals and channels', content: (row) => <TerminalsAndChannels store={row} /> }}
    />
  );
}
