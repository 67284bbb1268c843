// User Requests rows (spec 1 screen 15): requests other people sent me, with Accept and Reject
// on PENDING rows only.
import { Text } from '@mantine/core';
import type { TReceivedMoneyRequest } from '@paywallet/contract';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { BREAK_ANYWHERE } from '../../../components/data-table/wrapping.ts';
import type { ListView } from '../../../hooks/use-list-query.ts';
import { requestColumns } from './request-columns.tsx';

const NOTES_WIDTH_PX = 240;

const COLUMNS: DataColumn<TReceivedMoneyRequest>[] = [
  { accessor: 'user_account.user.email', title: 'Email', cellsClassName: BREAK_ANYWHERE },
  {
    accessor: 'notes',
    title: 'Notes',
    render: (row) => (
      <Text size="sm" lineClamp={2} title={row.notes} maw={NOTES_WIDTH_PX}>
        {row.notes || '—'}
      </Text>
    ),
  },
  ...requestColumns<TReceivedMoneyRequest>(),
];

export interface UserRequestsTableProps {
  list: ListView<TReceivedMoneyRequest>;
  onAccept: (row: TReceivedMoneyRequest) => void;
  onReject: (row: TReceivedMoneyRequest) => void;
}

export function UserRequestsTable({ list, onAccept, onReject }: UserRequestsTableProps) {
  const pending = (row: TReceivedMoneyRequest) => row.status === 'PENDING';
  return (
    <DataTable
      label="User Requests"
      storageKey="table.user-requests"
      list={list}
      columns={COLUMNS}
      idAccessor="id"
      rowAttributes={(row) => ({ 'data-request-id': row.id })}
      actions={[
        { label: 'Accept', variant: 'filled', onClick: onAccept, hidden: (row) => !pending(row) },
        { label: 'Reject', color: 'red', onClick: onReject, hidden: (row) => !pending(row) },
      ]}
    />
  );
}
