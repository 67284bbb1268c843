// The staff list on the kit's DataTable: name, e-mail, phone, status badge and creation date;
// each row has Update and Permissions.
import { useNavigate } from 'react-router-dom';
import type { TStaffRow } from '@paywallet/contract';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { BREAK_ANYWHERE } from '../../../components/data-table/wrapping.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { UserStatusBadge } from '../../../components/user-status-badge.tsx';
import type { ListView } from '../../../hooks/use-list-query.ts';

const COLUMNS: DataColumn<TStaffRow>[] = [
  { accessor: 'name', title: 'Name', render: (row) => `${row.first_name} ${row.last_name}` },
  { accessor: 'email', title: 'Email', cellsClassName: BREAK_ANYWHERE },
  { accessor: 'phone_number', title: 'Phone', noWrap: true, render: (row) => row.phone_number ?? '' },
  { accessor: 'status', title: 'Status', render: (row) => <UserStatusBadge status={row.status} /> },
  { accessor: 'created_at', title: 'Created At', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
];

export function StaffTable({ list }: { list: ListView<TStaffRow> }) {
  const navigate = useNavigate();
  return (
    <DataTable
      label="Merchant staff"
      storageKey="table.merchant-staff"
      list={list}
      columns={COLUMNS}
      idAccessor="id"
      rowAttributes={(row) => ({ 'data-staff-email': row.email })}
      actions={[
        { label: 'Update', onClick: (row) => navigate(`${MERCHANT_PATHS.merchantStaffUpdate}?id=${row.id}`) },
        { label: 'Permissions', variant: 'light', onClick: (row) => navigate(`${MERCHANT_PATHS.merchantStaffPermission}?id=${row.id}`) },
      ]}
    />
  );
}
