// The webhook deliveries (newest first): event, type, state, attempts, the last answer, and a
// Replay action that sends the event again.
import { Badge, Stack, Title } from '@mantine/core';
import type { TWebhookDeliveryRow } from '@paywallet/contract';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { useUrlPager } from '../../../hooks/use-url-filters.ts';
import { useReplayWebhook, useWebhookDeliveries } from '../api/app-settings-calls.ts';

const STATE_COLOR: Record<TWebhookDeliveryRow['state'], string> = { pending: 'yellow', delivered: 'teal', failed: 'red' };

const COLUMNS: DataColumn<TWebhookDeliveryRow>[] = [
  { accessor: 'createdAt', title: 'Created', noWrap: true, render: (row) => <GmtDate value={row.createdAt} /> },
  { accessor: 'eventId', title: 'Event', noWrap: true },
  { accessor: 'eventType', title: 'Type', noWrap: true },
  {
    accessor: 'state',
    title: 'State',
    render: (row) => (
      <Badge color={STATE_COLOR[row.state]} variant="light">
        {row.state}
      </Badge>
    ),
  },
  { accessor: 'attempts', title: 'Attempts' },
  { accessor: 'lastResponseCode', title: 'Last response', render: (row) => row.lastResponseCode ?? row.lastError ?? '—' },
  { accessor: 'lastDurationMs', title: 'Duration', render: (row) => (row.lastDurationMs === null ? '—' : `${row.lastDurationMs} ms`) },
];

export function WebhookDeliveries() {
  const pager = useUrlPager({ namespace: 'deliveries' });
  const list = useWebhookDeliveries(pager);
  const replay = useReplayWebhook();
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Deliveries
      </Title>
      <DataTable
        label="Webhook deliveries"
        storageKey="table.webhook-deliveries"
        list={list}
        columns={COLUMNS}
        idAccessor="eventId"
        rowAttributes={(row) => ({ 'data-event-id': row.eventId })}
        actions={[
          {
            label: 'Replay',
            onClick: (row) => replay.mutate(row.eventId),
            busy: (row) => replay.isPending && replay.variables === row.eventId,
          },
        ]}
      />
    </Stack>
  );
}
