// The User Requests tab: requests other people sent me, loaded after the spec's delay. Accept
// keeps the request and goes to pay it; Reject asks first.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TReceivedMoneyRequest } from '@paywallet/contract';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { useDelayElapsed } from '../../../hooks/use-delay-elapsed.ts';
import { usePagination } from '../../../hooks/use-pagination.ts';
import { localState } from '../../../lib/storage.ts';
import { useReceivedRequests, useRejectRequest } from '../api/money-request-calls.ts';
import { USER_REQUESTS_DELAY_MS } from '../request-money-timing.ts';
import { UserRequestsTable } from './user-requests-table.tsx';

export function UserRequestsPanel() {
  const navigate = useNavigate();
  const ready = useDelayElapsed(USER_REQUESTS_DELAY_MS);
  const pagination = usePagination();
  const requests = useReceivedRequests({ page: pagination.page, perPage: pagination.perPage, enabled: ready });
  const reject = useRejectRequest();
  const [rejecting, setRejecting] = useState<TReceivedMoneyRequest | null>(null);

  const accept = (row: TReceivedMoneyRequest) => {
    localState.set('requestSendMoney', row);
    localState.remove('requestSendMoneyQuote');
    navigate('/app/request-money/pay');
  };

  return (
    <>
      <PagedList label="User Requests" query={requests} waiting={!ready && !requests.data} pagination={pagination}>
        {(rows) => <UserRequestsTable rows={rows} onAccept={accept} onReject={setRejecting} />}
      </PagedList>
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
