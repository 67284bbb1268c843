// The ledger's load-more table (spec 2, Account Ledger): the spec's columns, times in GMT, and
// the closing balance after each row as the server computed it (the running balance: from the
// page's closingBalance, credits subtracted and debits added going down, which stays right when
// a filter leaves rows out). At 1280 px with nine-figure amounts (issue 15): the amounts in the
// app's proportional tabular figures rather than monospace, the id's title may wrap over its
// short id, and the Currency column, the wallet's on every row and named above the table, starts
// hidden under Columns; every amount still names its currency ('1,234.50 AED'), so a merchant
// with AED and USD wallets never reads a bare figure.
import type { TLedgerRow } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { WRAP_TITLE } from '../../../components/data-table/wrapping.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { ShortId } from '../../../components/short-id.tsx';
import type { ListView } from '../../../hooks/use-list-query.ts';

// The currency goes under a nine-figure amount rather than push the table past 1280 px.
const money = (minor: number, row: TLedgerRow) => <Amount minor={minor} currency={row.transaction.currency.code} currencyMayWrap />;

const COLUMNS: DataColumn<TLedgerRow>[] = [
  {
    accessor: 'transaction.uuid',
    title: 'Transaction UUID',
    titleClassName: WRAP_TITLE,
    noWrap: true,
    // Short with Copy (DECISIONS 40): a whole uuid took two lines and pushed the dates off 1280 px.
    render: (row) => <ShortId value={row.transaction.uuid} copyLabel={`transaction ${row.transaction.uuid}`} />,
  },
  {
    accessor: 'transaction.reference_id',
    title: 'Reference',
    noWrap: true,
    render: (row) =>
      row.transaction.reference_id ? (
        <ShortId value={row.transaction.reference_id} copyLabel={`reference ${row.transaction.reference_id}`} />
      ) : (
        '—'
      ),
  },
  { accessor: 'transaction.channel.name', title: 'Channel', render: (row) => row.transaction.channel?.name ?? '—' },
  {
    accessor: 'transaction.currency.code',
    title: 'Currency',
    defaultToggle: false,
    render: (row) => row.transaction.currency.code,
  },
  { accessor: 'transaction_type.name', title: 'Type', render: (row) => row.transaction_type.name },
  { accessor: 'debit_amount', title: 'Debit', textAlign: 'right', render: (row) => money(row.debit_amount, row) },
  { accessor: 'credit_amount', title: 'Credit', textAlign: 'right', render: (row) => money(row.credit_amount, row) },
  {
    accessor: 'closing_balance',
    title: 'Closing Balance',
    textAlign: 'right',
    render: (row) => money(row.closing_balance, row),
  },
  { accessor: 'created_at', title: 'Created At', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
];

export function LedgerTable({ list }: { list: ListView<TLedgerRow> }) {
  return (
    <DataTable
      label="Account Ledger"
      storageKey="table.account-ledger"
      list={list}
      columns={COLUMNS}
      idAccessor="id"
      rowAttributes={(row) => ({ 'data-entry-id': row.id, 'data-uuid': row.transaction.uuid })}
    />
  );
}
