// The User Requests tab: requests other people sent me, loaded after the spec's delay, a page at
// a time (the page is in the URL). Accept keeps the request and goes to pay it; Reject asks first.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TReceivedMoneyRequest } from '@paywallet/contract';
import { PATHS } from '../../../lib/paths.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { useDelayElapsed } from '../../../hooks/use-delay-elapsed.ts';
import { useUrlPager } from '../../../hooks/use-url-filters.ts';
import { localState } from '../../../lib/storage.ts';
import { useReceivedRequests, useRejectRequest } from '../api/money-request-calls.ts';
import { USER_REQUESTS_DELAY_MS } from '../request-money-timing.ts';
import { UserRequestsTable } from './user-requests-table.tsx';

export function UserRequestsPanel() {
  const navigate = useNavigate();
  const ready = useDelayElapsed(USER_REQUESTS_DELAY_MS);
  const pager = useUrlPager({ namespace: 'received' });
  const list = useReceivedRequests(pager, { enabled: ready });
  const reject = useRejectRequest();
  const [rejecting, setRejecting] = useState<TReceivedMoneyRequest | null>(null);

  const accept = (row: TReceivedMoneyRequest) => {
    localState.set('requestSendMoney', row);
    localState.remove('requestSendMoneyQuote');
    navigate(PATHS.requestMoneyPay);
  };

  return (
    <>
      <UserRequestsTable list={list} onAccept={accept} onReject={setRejecting} />
      <ConfirmModal
        opened={rejecting !== null}
        title="Reject Request"
        message="Are you sure you want to reject this request?"
        loading={reject.isPending}
        onNo={() => setRejecting(null)}
        onYes={() => rejecting && reject.mutate(rejecting.id, { onSettled: () => setRejecting(null) })}
      />
    </>
  );
}
