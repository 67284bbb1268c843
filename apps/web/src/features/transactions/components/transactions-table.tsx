// The transactions list on the kit's DataTable: date (GMT), id, type, counterparty, signed amount
// and status; a row expands to its charges; Details opens the transaction.
import { Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import type { TTransactionRow } from '@paywallet/contract';
import { href, PATHS } from '../../../lib/paths.ts';
import { Amount } from '../../../components/amount.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import type { ListView } from '../../../hooks/use-list-query.ts';
import { counterpartyOf, walletAmountOf } from '../transaction-view.ts';
import { ChargesSummary } from './charges-summary.tsx';
import { TransactionStatusBadge } from './transaction-status-badge.tsx';

/** The id's first characters: enough to tell rows apart and to search by (the search takes a prefix). */
const SHORT_ID_CHARS = 8;

const COLUMNS: DataColumn<TTransactionRow>[] = [
  { accessor: 'created_at', title: 'Date', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
  {
    accessor: 'uuid',
    title: 'Transaction Id',
    noWrap: true,
    render: (row) => (
      <Text span size="sm" ff="monospace" title={row.uuid}>
        {row.uuid.slice(0, SHORT_ID_CHARS)}…
      </Text>
    ),
  },
  { accessor: 'transaction_type.name', title: 'Type' },
  { accessor: 'counterparty', title: 'Counterparty', render: (row) => counterpartyOf(row) },
  {
    accessor: 'amount',
    title: 'Amount',
    textAlign: 'right',
    noWrap: true,
    render: (row) =>
      row.status === TRANSACTION_STATUS.FAILED || row.status === TRANSACTION_STATUS.EXPIRED ? (
        // Nothing moved: the amount is shown struck through, without a sign.
        <Amount minor={walletAmountOf(row)} currency={row.currency.code} c="dimmed" td="line-through" />
      ) : (
        <Amount minor={walletAmountOf(row)} currency={row.currency.code} direction={row.direction} fw={600} />
      ),
  },
  { accessor: 'status', title: 'Status', render: (row) => <TransactionStatusBadge status={row.status} /> },
];

export function TransactionsTable({ list }: { list: ListView<TTransactionRow> }) {
  const navigate = useNavigate();
  return (
    <DataTable
      label="Transactions"
      storageKey="table.transactions"
      list={list}
      columns={COLUMNS}
      idAccessor="uuid"
      rowAttributes={(row) => ({ 'data-uuid': row.uuid })}
      expansion={{ label: 'charges', content: (row) => <ChargesSummary row={row} /> }}
      actions={[{ label: 'Details', onClick: (row) => navigate(href(PATHS.transactionDetails, { id: row.uuid })) }]}
    />
  );
}
