// The calls of request money (spec 1 sections 4 and 7): the two lists, cancelling and
// rejecting a request, and confirming the payment of a received one (confirm-send-money with
// request_id); creating a request and pricing a payment are forms (the form kit), which drop
// the lists through forgetMoneyRequests. Every change refreshes the lists; paying also the wallets.
// A change made on another screen drops the cached lists rather than marking them stale: the
// lists load with a delay, and a stale list shown meanwhile would offer actions that no longer
// apply (Accept on a request just paid).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import {
  cancelRequestMoneyCall,
  confirmSendMoneyCall,
  getMoneyRequestsCall,
  getUserRequestMoneyCall,
  rejectRequestMoneyCall,
} from '@paywallet/contract';
import type { TConfirmSendMoneyRequest } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { refreshAfterMoneyMoved } from '../../../hooks/money-moved.ts';
import { useListQuery } from '../../../hooks/use-list-query.ts';
import type { Pager } from '../../../hooks/use-list-query.ts';

export const MONEY_REQUESTS_QUERY_KEY = ['money-requests'] as const;

/** Neither list takes filters: only its page. */
const NO_FILTERS = {};

/** The lists load with a delay after the screen opens (spec 1 section 9): `enabled` holds them back. */
export function useMyRequests(pager: Pager, { enabled }: { enabled: boolean }) {
  return useListQuery(getMoneyRequestsCall, NO_FILTERS, pager, { queryKey: [...MONEY_REQUESTS_QUERY_KEY, 'mine'], enabled });
}

export function useReceivedRequests(pager: Pager, { enabled }: { enabled: boolean }) {
  return useListQuery(getUserRequestMoneyCall, NO_FILTERS, pager, { queryKey: [...MONEY_REQUESTS_QUERY_KEY, 'received'], enabled });
}

function useRequestsChange<Body>(send: (body: Body) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONEY_REQUESTS_QUERY_KEY }),
  });
}

/** After a request was created elsewhere: the lists load afresh (see the header). */
export function forgetMoneyRequests(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: MONEY_REQUESTS_QUERY_KEY });
}

export function useCancelRequest() {
  return useRequestsChange((requestId: number) => call(cancelRequestMoneyCall, { requestId }));
}

export function useRejectRequest() {
  return useRequestsChange((requestId: number) => call(rejectRequestMoneyCall, { requestId }));
}

export function useConfirmRequestPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    // The success dialog says what the toast would say.
    mutationFn: (body: TConfirmSendMoneyRequest) => call(confirmSendMoneyCall, body, { successToast: false }),
    onSuccess: () => {
      forgetMoneyRequests(queryClient);
      return refreshAfterMoneyMoved(queryClient);
    },
  });
}
