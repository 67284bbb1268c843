// The refund list on the kit's DataTable: the refund columns shared with the console
// (components/refund-columns.tsx: ids, amount, status, the description cut to 12 characters,
// when), then who added it (a badge: API, POS, or the name of another person) and the channel;
// Details opens the status history, Cancel shows on Pending rows only.
import { Badge } from '@mantine/core';
import { REFUND_REQUEST_STATUS, type TRefundRow } from '@paywallet/contract';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn, RowAction } from '../../../components/data-table/types.ts';
import { refundColumns } from '../../../components/refund-columns.tsx';
import type { ListView } from '../../../hooks/use-list-query.ts';

const SHARED = refundColumns<TRefundRow>();

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
    SHARED.refundId,
    SHARED.transactionId,
    SHARED.amount,
    SHARED.status,
    SHARED.description,
    { accessor: 'added_by', title: 'Added By', render: (row) => <AddedByBadge row={row} viewerId={viewerId} /> },
    {
      accessor: 'refunded_transaction.channel.name',
      title: 'Channel',
      // Hidden at first under Columns: at 1280 px the status, amount and dates show without scrolling.
      defaultToggle: false,
      render: (row) => row.refunded_transaction.channel?.name ?? '—',
    },
    SHARED.createdAt,
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
