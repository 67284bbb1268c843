// The audit log, newest first: when, what (action and call), who acted and for whom (both
// identities of an impersonation), on what. Filters: merchant, actor, action, how the actor
// acted, and a GMT day range. Nobody can change or delete a row (the database refuses it).
import { useState } from 'react';
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { adminGetAuditLogCall, AUDIT_ACTING_AS, type TAuditRow } from '@paywallet/contract';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../components/data-table/types.ts';
import { GmtDate } from '../../components/gmt-date.tsx';
import { useListQuery } from '../../hooks/use-list-query.ts';
import { useUrlPager } from '../../hooks/use-url-filters.ts';
import { ConsolePage, FilterBar, PersonCell, StatusBadge } from '../components/console-page.tsx';

const ACTING_COLOR: Record<string, string> = { impersonation: 'orange', admin: 'grape', staff: 'cyan', user: 'blue', system: 'gray' };
const ALL = 'all';
const ACTING_OPTIONS = [{ value: ALL, label: 'Anyone' }, ...AUDIT_ACTING_AS.map((value) => ({ value, label: value }))];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

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

function idFilter(text: string): number | undefined {
  return /^\d{1,15}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : undefined;
}

export function ConsoleAuditLogPage() {
  const pager = useUrlPager({ namespace: 'audit' });
  const [merchant, setMerchant] = useState('');
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [actingAs, setActingAs] = useState<string>(ALL);
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const filters = {
    ...(idFilter(merchant) ? { merchantUserId: idFilter(merchant) } : {}),
    ...(idFilter(actor) ? { actorUserId: idFilter(actor) } : {}),
    ...(action.trim() ? { action: action.trim() } : {}),
    ...(actingAs === ALL ? {} : { actingAs: actingAs as TAuditRow['acting_as'] as (typeof AUDIT_ACTING_AS)[number] }),
    ...(DAY.test(fromDate) ? { fromDate } : {}),
    ...(DAY.test(toDate) && (!DAY.test(fromDate) || toDate >= fromDate) ? { toDate } : {}),
  };
  const list = useListQuery(adminGetAuditLogCall, filters, pager, { queryKey: ['console', 'audit'] });
  const change = (set: (value: string) => void) => (value: string) => {
    set(value);
    pager.setPage(1);
  };
  return (
    <ConsolePage title="Audit log" help="Every console action and every call made while logged in as a merchant, with both identities.">
      <FilterBar>
        <TextInput
          label="Merchant id"
          inputMode="numeric"
          value={merchant}
          onChange={(event) => change(setMerchant)(event.currentTarget.value)}
          w={{ base: '100%', xs: 130 }}
        />
        <TextInput
          label="Actor id"
          inputMode="numeric"
          value={actor}
          onChange={(event) => change(setActor)(event.currentTarget.value)}
          w={{ base: '100%', xs: 130 }}
        />
        <TextInput
          label="Action"
          placeholder="store.review"
          value={action}
          onChange={(event) => change(setAction)(event.currentTarget.value)}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label="Acting as"
          data={ACTING_OPTIONS}
          value={actingAs}
          allowDeselect={false}
          onChange={(value) => change(setActingAs)(value ?? ALL)}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          label="From date"
          type="date"
          value={fromDate}
          onChange={(event) => change(setFromDate)(event.currentTarget.value)}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          label="To date"
          type="date"
          value={toDate}
          onChange={(event) => change(setToDate)(event.currentTarget.value)}
          w={{ base: '100%', xs: 170 }}
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
