// The held balance on the kit's DataTable: amount, total, fee, VAT, credit or debit, the
// transaction type and the currency, newest first.
import { Badge } from '@mantine/core';
import { HELD_BALANCE_TYPE, type THeldBalanceRow } from '@paywallet/contract';
import { formatAmount, formatFee } from '../../../components/amount.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import type { ListView } from '../../../hooks/use-list-query.ts';

const COLUMNS: DataColumn<THeldBalanceRow>[] = [
  { accessor: 'amount', title: 'Amount', noWrap: true, render: (row) => formatAmount(row.amount) },
  { accessor: 'total_amount', title: 'Total Amount', noWrap: true, render: (row) => formatAmount(row.total_amount) },
  { accessor: 'fee', title: 'Fee', noWrap: true, render: (row) => formatFee(row.fee) },
  { accessor: 'vat', title: 'VAT', noWrap: true, render: (row) => formatFee(row.vat) },
  {
    accessor: 'type',
    title: 'Type',
    render: (row) =>
      row.type === HELD_BALANCE_TYPE.CREDIT ? (
        <Badge color="teal" variant="light">
          Credit
        </Badge>
      ) : (
        <Badge color="red" variant="light">
          Debit
        </Badge>
      ),
  },
  { accessor: 'transaction_type.name', title: 'Transaction Type' },
  { accessor: 'user_account.currency.code', title: 'Currency' },
  { accessor: 'created_at', title: 'Created At', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
];

export function HeldBalanceTable({ list }: { list: ListView<THeldBalanceRow> }) {
  return (
    <DataTable
      label="Hold Balance"
      storageKey="table.hold-balance"
      list={list}
      columns={COLUMNS}
      idAccessor={(row) => `${row.transaction.uuid}:${row.type}:${row.created_at}`}
      rowAttributes={(row) => ({ 'data-held-type': row.type })}
    />
  );
}
