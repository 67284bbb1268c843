// The Withdrawal Requests tab: the merchant's requests, newest first, loaded 1 s after the
// screen opens and grown by Load more like the spec's other lists (spec 2 section 9); View
// Details opens the request with its detail rows.
import { useState } from 'react';
import { getAllWithdrawalsCall, PAGE_LIMITS, type TWithdrawalRow } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { useDelayElapsed } from '../../../hooks/use-delay-elapsed.ts';
import { usePagedLoadMoreQuery } from '../../../hooks/use-list-query.ts';
import { REQUESTS_TAB_DELAY_MS, WITHDRAWALS_QUERY_KEY } from '../api/withdrawal-calls.ts';
import { WithdrawalDetailsModal } from '../../../components/withdrawal-details-modal.tsx';
import { WithdrawalStatusBadge } from '../../../components/withdrawal-status.tsx';

const COLUMNS: DataColumn<TWithdrawalRow>[] = [
  {
    accessor: 'amount',
    title: 'Amount',
    textAlign: 'right',
    noWrap: true,
    render: (row) => <Amount minor={row.amount} currency={row.currency.code} size="sm" />,
  },
  { accessor: 'with_drawal_method.payment_method.name', title: 'Method', noWrap: true },
  { accessor: 'status', title: 'Status', noWrap: true, render: (row) => <WithdrawalStatusBadge status={row.status} /> },
  { accessor: 'reference_id', title: 'Reference Id', render: (row) => row.reference_id ?? 'N/A' },
  { accessor: 'created_at', title: 'Created', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
];

export function WithdrawalRequestsPanel() {
  const ready = useDelayElapsed(REQUESTS_TAB_DELAY_MS);
  // Under the withdrawals key: every money movement refreshes it (hooks/money-moved.ts).
  const list = usePagedLoadMoreQuery(
    getAllWithdrawalsCall,
    {},
    { perPage: PAGE_LIMITS.perPageDefault, idOf: (row) => row.id },
    { enabled: ready, queryKey: WITHDRAWALS_QUERY_KEY },
  );
  const [shown, setShown] = useState<TWithdrawalRow | null>(null);
  return (
    <>
      <DataTable
        label="Withdrawal requests"
        storageKey="table.withdrawal-requests"
        list={list}
        columns={COLUMNS}
        idAccessor="id"
        rowAttributes={(row) => ({ 'data-withdrawal-id': row.id })}
        actions={[{ label: 'View Details', onClick: setShown }]}
      />
      <WithdrawalDetailsModal request={shown} onClose={() => setShown(null)} />
    </>
  );
}
