// The refund list on the kit's DataTable: ids, amount, status, the description cut to 12
// characters (spec 2 section 9), who added it (a badge: API, POS, or the name of another
// person) and when; Details opens the status history, Cancel shows on Pending rows only.
import { Badge, Text, Tooltip } from '@mantine/core';
import { REFUND_LIMITS, REFUND_REQUEST_STATUS, type TRefundRow } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn, RowAction } from '../../../components/data-table/types.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import type { ListView } from '../../../hooks/use-list-query.ts';
import { RefundStatusBadge } from './refund-status.tsx';

export function shortDescription(description: string | null): string {
  if (!description) return '—';
  const max = REFUND_LIMITS.descriptionShownChars;
  return description.length > max ? `${description.slice(0, max)}…` : description;
}

/** The added-by badge: the door for API and POS refunds, the person's name when someone else added it. */
export function AddedByBadge({ row, viewerId }: { row: TRefundRow; viewerId: number | undefined }) {
  if (row.source === 'api') return <Badge variant="outline">API</Badge>;
  if (row.source === 'pos') return <Badge variant="outline">POS</Badge>;
  if (!row.added_by_user || row.added_by === viewerId) return null;
  return (
    <Badge variant="outline" color="grape" tt="none">
      {`${row.added_by_user.first_name} ${row.added_by_user.last_name}`.trim()}
    </Badge>
  );
}

export function RefundsTable({
  list,
  viewerId,
  onDetails,
  onCancel,
  cancelling,
}: {
  list: ListView<TRefundRow>;
  viewerId: number | undefined;
  onDetails: (row: TRefundRow) => void;
  onCancel: (row: TRefundRow) => void;
  cancelling: number | null;
}) {
  const columns: DataColumn<TRefundRow>[] = [
    {
      accessor: 'uuid',
      title: 'Refund Id',
      render: (row) => (
        <Text size="sm" ff="monospace">
          {row.uuid.slice(0, 8)}
        </Text>
      ),
    },
    {
      accessor: 'refunded_transaction.uuid',
      title: 'Transaction Id',
      render: (row) => (
        <Text size="sm" ff="monospace">
          {row.refunded_transaction.uuid.slice(0, 8)}
        </Text>
      ),
    },
    {
      accessor: 'amount',
      title: 'Amount',
      textAlign: 'right',
      noWrap: true,
      render: (row) => <Amount minor={row.amount} currency={row.refunded_transaction.currency.code} size="sm" />,
    },
    { accessor: 'status', title: 'Status', noWrap: true, render: (row) => <RefundStatusBadge status={row.status} /> },
    {
      accessor: 'description',
      title: 'Description',
      render: (row) => (
        <Tooltip label={row.description ?? ''} disabled={!row.description} multiline maw={320}>
          <Text size="sm">{shortDescription(row.description)}</Text>
        </Tooltip>
      ),
    },
    { accessor: 'added_by', title: 'Added By', render: (row) => <AddedByBadge row={row} viewerId={viewerId} /> },
    {
      accessor: 'refunded_transaction.channel.name',
      title: 'Channel',
      // Hidden at first under Columns: at 1280 px the status, amount and dates show without scrolling.
      defaultToggle: false,
      render: (row) => row.refunded_transaction.channel?.name ?? '—',
    },
    { accessor: 'created_at', title: 'Time/Date', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
  ];
  const actions: RowAction<TRefundRow>[] = [
    { label: 'Details', onClick: onDetails },
    {
      label: 'Cancel',
      color: 'red',
      onClick: onCancel,
      hidden: (row) => row.status !== REFUND_REQUEST_STATUS.PENDING,
      busy: (row) => row.id === cancelling,
    },
  ];
  return (
    <DataTable
      label="Refund requests"
      storageKey="table.refunds"
      list={list}
      columns={columns}
      idAccessor="id"
      rowAttributes={(row) => ({ 'data-refund-id': row.id })}
      actions={actions}
    />
  );
}
