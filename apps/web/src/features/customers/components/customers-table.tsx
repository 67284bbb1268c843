// The customers list on the kit's DataTable: name, contact, place, number of transactions and
// when first seen; Details opens the customer's cards.
import type { TCustomerRow } from '@paywallet/contract';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { BREAK_ANYWHERE } from '../../../components/data-table/wrapping.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import type { ListView } from '../../../hooks/use-list-query.ts';

const dash = (value: string | null) => value ?? '—';

const COLUMNS: DataColumn<TCustomerRow>[] = [
  { accessor: 'name', title: 'Name' },
  { accessor: 'email', title: 'Email', cellsClassName: BREAK_ANYWHERE, render: (row) => dash(row.email) },
  { accessor: 'phone', title: 'Phone', noWrap: true, render: (row) => dash(row.phone) },
  { accessor: 'country', title: 'Country', render: (row) => dash(row.country) },
  // Hidden at first under Columns: with the country beside it, the city is what gives way so that
  // the e-mail, the count and the date fit 1280 px.
  { accessor: 'city', title: 'City', defaultToggle: false, render: (row) => dash(row.city) },
  { accessor: 'transactions_count', title: 'Transactions', textAlign: 'right' },
  { accessor: 'created_at', title: 'Created At', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
];

export function CustomersTable({ list, onDetails }: { list: ListView<TCustomerRow>; onDetails: (row: TCustomerRow) => void }) {
  return (
    <DataTable
      label="Customers"
      storageKey="table.customers"
      list={list}
      columns={COLUMNS}
      idAccessor="id"
      rowAttributes={(row) => ({ 'data-customer-id': row.id })}
      actions={[{ label: 'Details', onClick: onDetails }]}
    />
  );
}
