// The columns both request lists share (spec 1 screen 15): the amount in the wallet's currency,
// the status as the server words it, and when the request was made.
import type { TMyMoneyRequest, TReceivedMoneyRequest } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { RequestStatusBadge } from './request-status-badge.tsx';

export function requestColumns<Row extends TMyMoneyRequest | TReceivedMoneyRequest>(): DataColumn<Row>[] {
  return [
    {
      accessor: 'amount',
      title: 'Amount',
      textAlign: 'right',
      noWrap: true,
      render: (row) => <Amount minor={row.amount} currency={row.user_account.currency.code} />,
    },
    { accessor: 'status', title: 'Status', render: (row) => <RequestStatusBadge status={row.status} label={row.statusStr} /> },
    { accessor: 'created_at', title: 'Created At', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
  ];
}
