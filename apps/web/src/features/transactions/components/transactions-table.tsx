// The transactions list: date (GMT), type, counterparty, signed amount, currency, status.
// A row opens the transaction's details.
import { Table } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import type { TTransactionRow } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { counterpartyOf, walletAmountOf } from '../transaction-view.ts';
import { TransactionStatusBadge } from './transaction-status-badge.tsx';

export function TransactionsTable({ rows }: { rows: TTransactionRow[] }) {
  const navigate = useNavigate();
  const open = (row: TTransactionRow) => navigate(`/app/transactions/details/${row.uuid}`);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Transactions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Counterparty</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Currency</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.uuid}
              data-uuid={row.uuid}
              tabIndex={0}
              role="link"
              aria-label={`${row.transaction_type.name} ${counterpartyOf(row)}, details`}
              style={{ cursor: 'pointer' }}
              onClick={() => open(row)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') open(row);
              }}
            >
              <Table.Td>
                <GmtDate value={row.created_at} />
              </Table.Td>
              <Table.Td>{row.transaction_type.name}</Table.Td>
              <Table.Td>{counterpartyOf(row)}</Table.Td>
              <Table.Td ta="right">
                {row.status === TRANSACTION_STATUS.FAILED || row.status === TRANSACTION_STATUS.EXPIRED ? (
                  // Nothing moved: the amount is shown struck through, without a sign.
                  <Amount minor={walletAmountOf(row)} c="dimmed" td="line-through" />
                ) : (
                  <Amount minor={walletAmountOf(row)} direction={row.direction} fw={600} />
                )}
              </Table.Td>
              <Table.Td>{row.currency.code}</Table.Td>
              <Table.Td>
                <TransactionStatusBadge status={row.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
