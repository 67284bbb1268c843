// The My Requests tab: the requests I sent, loaded after the spec's delay, with Cancel Request
// behind a confirm.
import { useState } from 'react';
import type { TMyMoneyRequest } from '@paywallet/contract';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { useDelayElapsed } from '../../../hooks/use-delay-elapsed.ts';
import { usePagination } from '../../../hooks/use-pagination.ts';
import { useCancelRequest, useMyRequests } from '../api/money-request-calls.ts';
import { MY_REQUESTS_DELAY_MS } from '../request-money-timing.ts';
import { MyRequestsTable } from './my-requests-table.tsx';

export function MyRequestsPanel() {
  const ready = useDelayElapsed(MY_REQUESTS_DELAY_MS);
  const pagination = usePagination();
  const requests = useMyRequests({ page: pagination.page, perPage: pagination.perPage, enabled: ready });
  const cancel = useCancelRequest();
  const [canceling, setCanceling] = useState<TMyMoneyRequest | null>(null);

  return (
    <>
      <PagedList label="My Requests" query={requests} waiting={!ready && !requests.data} pagination={pagination}>
        {(rows) => <MyRequestsTable rows={rows} onCancel={setCanceling} />}
      </PagedList>
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
