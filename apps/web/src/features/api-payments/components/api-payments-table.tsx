// The API payments on the kit's DataTable: id, amount, status, channel, payment page and when
// created; the Attempts action opens the payment's transactions.
import { Anchor } from '@mantine/core';
import type { TApiPaymentRow } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import { CopyButton } from '../../../components/copy-button.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { ShortId } from '../../../components/short-id.tsx';
import { BREAK_ANYWHERE } from '../../../components/data-table/wrapping.ts';
import type { ListView } from '../../../hooks/use-list-query.ts';
import { ApiPaymentStatus } from './api-payment-status.tsx';

const COLUMNS: DataColumn<TApiPaymentRow>[] = [
  {
    accessor: 'uuid',
    title: 'Payment Id',
    noWrap: true,
    render: (row) => <ShortId value={row.uuid} copyLabel={`payment ${row.uuid}`} />,
  },
  { accessor: 'amount', title: 'Amount', textAlign: 'right', render: (row) => <Amount minor={row.amount} currency={row.currency.code} /> },
  { accessor: 'status', title: 'Status', noWrap: true, render: (row) => <ApiPaymentStatus row={row} /> },
  // Hidden at first under Columns: the status badge says the same in short, and the amount, page
  // link and date need the room at 1280 px.
  {
    accessor: 'payment_status',
    title: 'Payment',
    noWrap: true,
    defaultToggle: false,
    render: (row) => row.payment_status.replace(/_/g, ' '),
  },
  { accessor: 'channel', title: 'Channel', render: (row) => row.channel.name },
  { accessor: 'client_reference', title: 'Reference', cellsClassName: BREAK_ANYWHERE, render: (row) => row.client_reference ?? '—' },
  {
    accessor: 'payment_url',
    title: 'Payment Page',
    render: (row) =>
      row.payment_url ? (
        <>
          <Anchor href={row.payment_url} target="_blank" rel="noreferrer" size="sm">
            Open
          </Anchor>
          <CopyButton value={row.payment_url} label="payment page link" />
        </>
      ) : (
        '—'
      ),
  },
  { accessor: 'created_at', title: 'Created At', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
];

export function ApiPaymentsTable({ list, onAttempts }: { list: ListView<TApiPaymentRow>; onAttempts: (row: TApiPaymentRow) => void }) {
  return (
    <DataTable
      label="Api Payments"
      storageKey="table.api-payments"
      list={list}
      columns={COLUMNS}
      idAccessor="id"
      rowAttributes={(row) => ({ 'data-api-payment': row.uuid })}
      actions={[{ label: 'Attempts', onClick: onAttempts }]}
    />
  );
}
