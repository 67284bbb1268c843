// The audit log, newest first: when, what (action and call), who acted and for whom (both
// identities of an impersonation), on what. Filters: merchant, actor, action, how the actor
// acted, and a GMT day range. Nobody can change or delete a row (the database refuses it).
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { adminGetAuditLogCall, AUDIT_ACTING_AS, type TAuditRow } from '@paywallet/contract';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../components/data-table/types.ts';
import { FilterBar } from '../../components/filters/filter-bar.tsx';
import { SearchFilter } from '../../components/filters/search-filter.tsx';
import { GmtDate } from '../../components/gmt-date.tsx';
import { useListQuery } from '../../hooks/use-list-query.ts';
import { useUrlFilters } from '../../hooks/use-url-filters.ts';
import { ZAuditUrlFilters } from '../console-filters.ts';
import { ConsolePage, PersonCell, StatusBadge } from '../components/console-page.tsx';
import { useLiveFilters } from '../components/use-live-filters.ts';

const ACTING_COLOR: Record<string, string> = { impersonation: 'orange', admin: 'grape', staff: 'cyan', user: 'blue', system: 'gray' };
const ALL = 'all';
const ACTING_OPTIONS = [{ value: ALL, label: 'Anyone' }, ...AUDIT_ACTING_AS.map((value) => ({ value, label: value }))];
const COLUMNS: DataColumn<TAuditRow>[] = [
  { accessor: 'created_at', title: 'Time', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
  {
    accessor: 'action',
    title: 'Action',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" ff="monospace">
          {row.action}
        </Text>
        {row.call_path && (
          <Text size="xs" c="dimmed">
            {row.call_path}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    accessor: 'acting_as',
    title: 'Acting As',
    render: (row) => <StatusBadge label={row.acting_as} color={ACTING_COLOR[row.acting_as] ?? 'gray'} />,
  },
  { accessor: 'actor', title: 'Actor', render: (row) => <PersonCell person={row.actor} /> },
  { accessor: 'on_behalf_of', title: 'On Behalf Of', render: (row) => <PersonCell person={row.on_behalf_of} /> },
  {
    accessor: 'subject',
    title: 'Subject',
    render: (row) => (row.subject_type ? `${row.subject_type} #${row.subject_id ?? ''}` : '—'),
  },
];

export function ConsoleAuditLogPage() {
  const url = useUrlFilters(ZAuditUrlFilters, { namespace: 'audit' });
  const draft = useLiveFilters(ZAuditUrlFilters, url);
  const { values, errors, set } = draft;
  const list = useListQuery(adminGetAuditLogCall, url.filters, url.pager, { queryKey: ['console', 'audit'] });
  return (
    <ConsolePage title="Audit log" help="Every console action and every call made while logged in as a merchant, with both identities.">
      <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={Object.keys(url.raw).length}>
        <TextInput
          label="Merchant id"
          inputMode="numeric"
          value={values.merchantUserId ?? ''}
          onChange={(event) => set({ merchantUserId: event.currentTarget.value })}
          error={errors.merchantUserId}
        />
        <TextInput
          label="Actor id"
          inputMode="numeric"
          value={values.actorUserId ?? ''}
          onChange={(event) => set({ actorUserId: event.currentTarget.value })}
          error={errors.actorUserId}
        />
        <SearchFilter
          label="Action"
          placeholder="store.review"
          value={values.action}
          onChange={(action) => set({ action })}
          error={errors.action}
        />
        <Select
          label="Acting as"
          data={ACTING_OPTIONS}
          value={values.actingAs ?? ALL}
          allowDeselect={false}
          onChange={(value) => set({ actingAs: value === ALL ? undefined : (value ?? undefined) })}
          error={errors.actingAs}
        />
        <TextInput
          label="From date"
          type="date"
          value={values.fromDate ?? ''}
          onChange={(event) => set({ fromDate: event.currentTarget.value })}
          error={errors.fromDate}
        />
        <TextInput
          label="To date"
          type="date"
          value={values.toDate ?? ''}
          onChange={(event) => set({ toDate: event.currentTarget.value })}
          error={errors.toDate}
        />
      </FilterBar>
      <DataTable
        label="Audit log"
        storageKey="table.console.audit"
        list={list}
        columns={COLUMNS}
        idAccessor="id"
        rowAttributes={(row) => ({ 'data-action': row.action })}
      />
    </ConsolePage>
  );
}
