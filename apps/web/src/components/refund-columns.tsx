// The refund columns the merchant's Refunds table and the console's refund queue both show, one
// definition for both: each screen puts them in its order and adds what only it shows (the
// merchant: who added it and the channel; the console: the merchant).
import { Text, Tooltip } from '@mantine/core';
import { REFUND_LIMITS, type TRefundRow } from '@paywallet/contract';
import { Amount } from './amount.tsx';
import type { DataColumn } from './data-table/types.ts';
import { GmtDate } from './gmt-date.tsx';
import { RefundStatusBadge } from './refund-status.tsx';
import { ShortId } from './short-id.tsx';

/** The description cut to 12 characters (spec 2 section 9); the whole of it is in the tooltip. */
export function shortDescription(description: string | null): string {
  if (!description) return '—';
  const max = REFUND_LIMITS.descriptionShownChars;
  return description.length > max ? `${description.slice(0, max)}…` : description;
}

export interface RefundColumns<Row extends TRefundRow> {
  refundId: DataColumn<Row>;
  transactionId: DataColumn<Row>;
  amount: DataColumn<Row>;
  status: DataColumn<Row>;
  description: DataColumn<Row>;
  createdAt: DataColumn<Row>;
}

export function refundColumns<Row extends TRefundRow>(): RefundColumns<Row> {
  return {
    refundId: {
      accessor: 'uuid',
      title: 'Refund Id',
      noWrap: true,
      render: (row) => <ShortId value={row.uuid} copyLabel={`refund ${row.uuid}`} />,
    },
    transactionId: {
      accessor: 'refunded_transaction.uuid',
      title: 'Transaction Id',
      noWrap: true,
      render: (row) => <ShortId value={row.refunded_transaction.uuid} copyLabel={`transaction ${row.refunded_transaction.uuid}`} />,
    },
    amount: {
      accessor: 'amount',
      title: 'Amount',
      textAlign: 'right',
      noWrap: true,
      render: (row) => <Amount minor={row.amount} currency={row.refunded_transaction.currency.code} size="sm" />,
    },
    status: { accessor: 'status', title: 'Status', noWrap: true, render: (row) => <RefundStatusBadge status={row.status} /> },
    description: {
      accessor: 'description',
      title: 'Description',
      render: (row) => (
        <Tooltip label={row.description ?? ''} disabled={!row.description} multiline maw={320}>
          <Text size="sm">{shortDescription(row.description)}</Text>
        </Tooltip>
      ),
    },
    createdAt: { accessor: 'created_at', title: 'Time/Date', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
  };
}
