// My Requests rows (spec 1 screen 15): email, phone, amount, currency, status, created; Details
// shows the whole request, and Cancel Request is offered on PENDING rows only (DECISIONS 21).
import type { TMyMoneyRequest } from '@paywallet/contract';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { BREAK_ANYWHERE } from '../../../components/data-table/wrapping.ts';
import type { ListView } from '../../../hooks/use-list-query.ts';
import { requestColumns } from './request-columns.tsx';

const COLUMNS: DataColumn<TMyMoneyRequest>[] = [
  { accessor: 'email', title: 'Email', cellsClassName: BREAK_ANYWHERE },
  { accessor: 'phone_number', title: 'Phone Number', noWrap: true },
  ...requestColumns<TMyMoneyRequest>(),
];

export interface MyRequestsTableProps {
  list: ListView<TMyMoneyRequest>;
  onDetails: (row: TMyMoneyRequest) => void;
  onCancel: (row: TMyMoneyRequest) => void;
}

export function MyRequestsTable({ list, onDetails, onCancel }: MyRequestsTableProps) {
  return (
    <DataTable
      label="My Requests"
      storageKey="table.my-requests"
      list={list}
      columns={COLUMNS}
      idAccessor="id"
      rowAttributes={(row) => ({ 'data-request-id': row.id })}
      actions={[
        { label: 'Details', variant: 'default', onClick: onDetails },
        // The server refuses to cancel anything but a PENDING request; the button says so first.
        { label: 'Cancel Request', color: 'red', onClick: onCancel, hidden: (row) => row.status !== 'PENDING' },
      ]}
    />
  );
}
