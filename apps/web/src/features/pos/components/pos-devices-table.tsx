// The POS devices list (spec 3 section 2.3): Name, Channel (its first channel as name/code),
// Device ID, Status; row actions Assign Staff and Update.
import { useNavigate } from 'react-router-dom';
import type { TPosDeviceRow } from '@paywallet/contract';
import { href, MERCHANT_PATHS } from '../../../lib/paths.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import type { ListView } from '../../../hooks/use-list-query.ts';
import { PosStatusBadge } from './pos-status-badge.tsx';

const COLUMNS: DataColumn<TPosDeviceRow>[] = [
  { accessor: 'name', title: 'Name' },
  {
    accessor: 'channels',
    title: 'Channel',
    render: (row) => (row.channels[0] ? `${row.channels[0].name}/${row.channels[0].code}` : '—'),
  },
  { accessor: 'device_id', title: 'Device ID', noWrap: true },
  { accessor: 'status', title: 'Status', render: (row) => <PosStatusBadge status={row.status} /> },
];

export function PosDevicesTable({ list }: { list: ListView<TPosDeviceRow> }) {
  const navigate = useNavigate();
  return (
    <DataTable
      label="POS devices"
      storageKey="table.pos-devices"
      list={list}
      columns={COLUMNS}
      idAccessor="id"
      rowAttributes={(row) => ({ 'data-device-id': row.device_id })}
      actions={[
        { label: 'Assign Staff', onClick: (row) => navigate(href(MERCHANT_PATHS.posAssignStaff, { id: String(row.id) })) },
        { label: 'Update', variant: 'default', onClick: (row) => navigate(`${MERCHANT_PATHS.posUpdate}?id=${row.id}`) },
      ]}
    />
  );
}
