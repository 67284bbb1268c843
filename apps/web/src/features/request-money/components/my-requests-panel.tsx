// The My Requests tab: the requests I sent, loaded after the spec's delay, a page at a time (the
// page is in the URL), with Details and Cancel Request behind a confirm.
import { useState } from 'react';
import type { TMyMoneyRequest } from '@paywallet/contract';
import { formatAmount } from '../../../components/amount.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { DetailsModal } from '../../../components/details-modal.tsx';
import { GmtDate } from '../../../components/gmt-date.tsx';
import type { KeyValueRow } from '../../../components/key-value-list.tsx';
import { useDelayElapsed } from '../../../hooks/use-delay-elapsed.ts';
import { useUrlPager } from '../../../hooks/use-url-filters.ts';
import { useCancelRequest, useMyRequests } from '../api/money-request-calls.ts';
import { MY_REQUESTS_DELAY_MS } from '../request-money-timing.ts';
import { MyRequestsTable } from './my-requests-table.tsx';

function detailRows(request: TMyMoneyRequest): KeyValueRow[] {
  return [
    { label: 'Email', value: request.email ?? '—' },
    { label: 'Phone Number', value: request.phone_number ?? '—' },
    { label: 'Amount', value: formatAmount(request.amount, request.user_account.currency.code) },
    { label: 'Status', value: request.statusStr },
    { label: 'Notes', value: request.notes || '—' },
    { label: 'Created At', value: <GmtDate value={request.created_at} /> },
  ];
}

export function MyRequestsPanel() {
  const ready = useDelayElapsed(MY_REQUESTS_DELAY_MS);
  const pager = useUrlPager({ namespace: 'mine' });
  const list = useMyRequests(pager, { enabled: ready });
  const cancel = useCancelRequest();
  const [canceling, setCanceling] = useState<TMyMoneyRequest | null>(null);
  const [viewing, setViewing] = useState<TMyMoneyRequest | null>(null);

  return (
    <>
      <MyRequestsTable list={list} onDetails={setViewing} onCancel={setCanceling} />
      <DetailsModal
        opened={viewing !== null}
        title="Request Details"
        rows={viewing ? detailRows(viewing) : []}
        onClose={() => setViewing(null)}
      />
      <ConfirmModal
        opened={canceling !== null}
        title="Cancel Request"
        message="Are you sure you want to cancel this request?"
        loading={cancel.isPending}
        onNo={() => setCanceling(null)}
        onYes={() => canceling && cancel.mutate(canceling.id, { onSettled: () => setCanceling(null) })}
      />
    </>
  );
}
