// A settlement's transactions (spec 2 "Aggregate/Direct Settlement Details"): the payments it
// settled and the refunds of them paid from on hold. A refund row expands (the spec's sub-table
// or accordion) into the payment it refunded: UUID, Amount, Fee, Vat, Time/Date. Every amount
// names the settlement's currency (its account's; the rows carry none of their own).
import { Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { TransactionType, type TSettlementTransaction } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
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

/** A fee or VAT in the settlement's currency. */
function Fee({ minor, currency }: { minor: number; currency: string }) {
  return <Amount kind="fee" minor={minor} currency={currency} size="sm" currencyMayWrap />;
}

// Sender and Receiver start hidden under Columns (the merchant's own account on one side; a card
// payer has none), so that nine-figure amounts and the time fit 1280 px.
const columnsIn = (currency: string): DataColumn<TSettlementTransaction>[] => [
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
  // The currency goes under a nine-figure amount rather than push the table past 1280 px.
  {
    accessor: 'amount',
    title: 'Amount',
    textAlign: 'right',
    render: (row) => <Amount minor={row.amount} currency={currency} size="sm" currencyMayWrap />,
  },
  { accessor: 'fee', title: 'Fee', textAlign: 'right', render: (row) => <Fee minor={row.fee} currency={currency} /> },
  { accessor: 'vat', title: 'Vat', textAlign: 'right', render: (row) => <Fee minor={row.vat} currency={currency} /> },
  {
    accessor: 'settled_amount',
    title: 'Settled Amount',
    textAlign: 'right',
    titleClassName: WRAP_TITLE,
    render: (row) => (
      <Amount
        minor={row.settled_amount}
        currency={currency}
        size="sm"
        direction={row.settled_amount < 0 ? -1 : undefined}
        currencyMayWrap
      />
    ),
  },
  { accessor: 'created_at', title: 'Time/Date', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
];

function RefundedTransaction({
  refunded,
  currency,
}: {
  refunded: NonNullable<TSettlementTransaction['refunded_transaction']>;
  currency: string;
}) {
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
                <Amount minor={refunded.amount} currency={currency} size="sm" />
              </Table.Td>
              <Table.Td ta="right">
                <Fee minor={refunded.fee} currency={currency} />
              </Table.Td>
              <Table.Td ta="right">
                <Fee minor={refunded.vat} currency={currency} />
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

export function SettlementTransactionsTable({ list, currency }: { list: ListView<TSettlementTransaction>; currency: string }) {
  const columns = useMemo(() => columnsIn(currency), [currency]);
  return (
    <DataTable
      label="Settlement transactions"
      storageKey="table.settlement-transactions"
      list={list}
      columns={columns}
      idAccessor="uuid"
      rowAttributes={(row) => ({ 'data-uuid': row.uuid })}
      expansion={{
        label: 'refunded transaction',
        expandable: (row) => row.refunded_transaction !== null,
        content: (row) => row.refunded_transaction && <RefundedTransaction refunded={row.refunded_transaction} currency={currency} />,
      }}
    />
  );
}
