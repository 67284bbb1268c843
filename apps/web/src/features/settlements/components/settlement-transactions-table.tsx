// A settlement's transactions (spec 2 "Aggregate/Direct Settlement Details"): the payments it
// settled and the refunds of them paid from on hold. A refund row expands (the spec's sub-table
// or accordion) into the payment it refunded: UUID, Amount, Fee, Vat, Time/Date.
import { Table, Text } from '@mantine/core';
import { TransactionType, type TSettlementTransaction } from '@paywallet/contract';
import { Amount, formatFee } from '../../../components/amount.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { BREAK_ANYWHERE, WRAP_TITLE } from '../../../components/data-table/wrapping.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { ShortId } from '../../../components/short-id.tsx';
import type { ListView } from '../../../hooks/use-list-query.ts';

const TYPE_LABEL: Readonly<Record<number, string>> = {
  [TransactionType.Refund]: 'Refund',
  [TransactionType.PaymentLinkPayment]: 'Payment Link',
  [TransactionType.ApiPayment]: 'API Payment',
  [TransactionType.PosPayment]: 'POS Payment',
};

const figures = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Fee({ minor }: { minor: number }) {
  return (
    <Text span size="sm" style={figures}>
      {formatFee(minor)}
    </Text>
  );
}

// Sender and Receiver start hidden under Columns (the merchant's own account on one side; a card
// payer has none), so that nine-figure amounts and the time fit 1280 px; the currency is the
// header's Account Currency.
const COLUMNS: DataColumn<TSettlementTransaction>[] = [
  { accessor: 'uuid', title: 'UUID', noWrap: true, render: (row) => <ShortId value={row.uuid} copyLabel={`transaction ${row.uuid}`} /> },
  { accessor: 'transaction_type_id', title: 'Type', noWrap: true, render: (row) => TYPE_LABEL[row.transaction_type_id] ?? '—' },
  {
    accessor: 'sender_account_title',
    title: 'Sender',
    cellsClassName: BREAK_ANYWHERE,
    defaultToggle: false,
    render: (row) => row.sender_account_title ?? row.sender_account_number ?? '—',
  },
  {
    accessor: 'receiver_account_title',
    title: 'Receiver',
    cellsClassName: BREAK_ANYWHERE,
    defaultToggle: false,
    render: (row) => row.receiver_account_title ?? '—',
  },
  { accessor: 'amount', title: 'Amount', textAlign: 'right', noWrap: true, render: (row) => <Amount minor={row.amount} size="sm" /> },
  { accessor: 'fee', title: 'Fee', textAlign: 'right', noWrap: true, render: (row) => <Fee minor={row.fee} /> },
  { accessor: 'vat', title: 'Vat', textAlign: 'right', noWrap: true, render: (row) => <Fee minor={row.vat} /> },
  {
    accessor: 'settled_amount',
    title: 'Settled Amount',
    textAlign: 'right',
    noWrap: true,
    titleClassName: WRAP_TITLE,
    render: (row) => <Amount minor={row.settled_amount} size="sm" direction={row.settled_amount < 0 ? -1 : undefined} />,
  },
  { accessor: 'created_at', title: 'Time/Date', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
];

function RefundedTransaction({ refunded }: { refunded: NonNullable<TSettlementTransaction['refunded_transaction']> }) {
  return (
    <div style={{ contain: 'inline-size' }}>
      <Text size="sm" fw={600} px="md" pt="sm">
        Refunded Transaction
      </Text>
      <Table.ScrollContainer
        minWidth={480}
        px="md"
        pb="sm"
        scrollAreaProps={{ type: 'auto', viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Refunded transaction, scrollable' } }}
      >
        <Table verticalSpacing={4} aria-label="Refunded transaction">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>UUID</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">Fee</Table.Th>
              <Table.Th ta="right">Vat</Table.Th>
              <Table.Th>Time/Date</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>
                <ShortId value={refunded.uuid} copyLabel={`refunded transaction ${refunded.uuid}`} />
              </Table.Td>
              <Table.Td ta="right">
                <Amount minor={refunded.amount} size="sm" />
              </Table.Td>
              <Table.Td ta="right">
                <Fee minor={refunded.fee} />
              </Table.Td>
              <Table.Td ta="right">
                <Fee minor={refunded.vat} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <GmtDate value={refunded.created_at} />
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

export function SettlementTransactionsTable({ list }: { list: ListView<TSettlementTransaction> }) {
  return (
    <DataTable
      label="Settlement transactions"
      storageKey="table.settlement-transactions"
      list={list}
      columns={COLUMNS}
      idAccessor="uuid"
      rowAttributes={(row) => ({ 'data-uuid': row.uuid })}
      expansion={{
        label: 'refunded transaction',
        expandable: (row) => row.refunded_transaction !== null,
        content: (row) => row.refunded_transaction && <RefundedTransaction refunded={row.refunded_transaction} />,
      }}
    />
  );
}
