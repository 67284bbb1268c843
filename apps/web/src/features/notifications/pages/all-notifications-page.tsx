// All notifications (all-notification, spec 2): the user's notifications newest first, a
// load-more table, and Back To Dashboard.
import { Button, Group, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { notificationsCall } from '@paywallet/contract';
import type { TNotification } from '@paywallet/contract';
import { PATHS } from '../../../lib/paths.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { useLoadMoreQuery } from '../../../hooks/use-list-query.ts';
import { NOTIFICATIONS_QUERY_KEY } from '../../../hooks/use-notifications.ts';

// The page reads ten at a time, as every list does by default (DECISIONS 25).
const PER_PAGE = 10;
const NO_FILTERS = {};

/** 'money-request-paid' -> 'Money request paid'. */
function typeLabel(type: string): string {
  const words = type.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const COLUMNS: DataColumn<TNotification>[] = [
  { accessor: 'type', title: 'Type', noWrap: true, render: (row) => typeLabel(row.type) },
  { accessor: 'message', title: 'Message' },
  { accessor: 'created_at', title: 'Created At', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
];

export function AllNotificationsPage() {
  const navigate = useNavigate();
  const list = useLoadMoreQuery(notificationsCall, NO_FILTERS, { perPage: PER_PAGE }, { queryKey: [...NOTIFICATIONS_QUERY_KEY, 'all'] });
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Notifications
        </Title>
        <Button variant="default" onClick={() => void navigate(PATHS.dashboardOverview)}>
          Back To Dashboard
        </Button>
      </Group>
      <DataTable label="Notifications" storageKey="table.notifications" list={list} columns={COLUMNS} idAccessor="id" />
    </Stack>
  );
}
