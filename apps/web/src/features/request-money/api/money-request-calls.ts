// The calls of request money (spec 1 sections 4 and 7): the two lists, creating, cancelling
// and rejecting a request, and paying a received one (initiate-send-money and
// confirm-send-money with request_id). Every change refreshes the lists; paying also the wallets.
// A change made on another screen drops the cached lists rather than marking them stale: the
// lists load with a delay, and a stale list shown meanwhile would offer actions that no longer
// apply (Accept on a request just paid).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelRequestMoney,
  confirmSendMoney,
  getMoneyRequests,
  getUserRequestMoney,
  initiateRequestMoney,
  initiateSendMoney,
  rejectRequestMoney,
} from '@paywallet/contract';
import type { TConfirmSendMoneyRequest, TInitiateRequestMoneyRequest, TInitiateSendMoneyRequest } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { refreshAfterMoneyMoved } from '../../../hooks/money-moved.ts';

export const MONEY_REQUESTS_QUERY_KEY = ['money-requests'] as const;

export interface ListPage {
  page: number;
  perPage: number;
  /** The lists load with a delay after the screen opens (spec 1 section 9). */
  enabled: boolean;
}

export function useMyRequests({ page, perPage, enabled }: ListPage) {
  return useQuery({
    queryKey: [...MONEY_REQUESTS_QUERY_KEY, 'mine', page, perPage],
    queryFn: ({ signal }) => call(getMoneyRequests, { page, perPage }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useReceivedRequests({ page, perPage, enabled }: ListPage) {
  return useQuery({
    queryKey: [...MONEY_REQUESTS_QUERY_KEY, 'received', page, perPage],
    queryFn: ({ signal }) => call(getUserRequestMoney, { page, perPage }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

function useRequestsChange<Body>(send: (body: Body) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONEY_REQUESTS_QUERY_KEY }),
  });
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TInitiateRequestMoneyRequest) => call(initiateRequestMoney, body),
    onSuccess: () => queryClient.removeQueries({ queryKey: MONEY_REQUESTS_QUERY_KEY }),
  });
}

export function useCancelRequest() {
  return useRequestsChange((requestId: number) => call(cancelRequestMoney, { requestId }));
}

export function useRejectRequest() {
  return useRequestsChange((requestId: number) => call(rejectRequestMoney, { requestId }));
}

export function usePriceRequestPayment() {
  return useMutation({ mutationFn: (body: TInitiateSendMoneyRequest) => call(initiateSendMoney, body) });
}

export function useConfirmRequestPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    // The success dialog says what the toast would say.
    mutationFn: (body: TConfirmSendMoneyRequest) => call(confirmSendMoney, body, { successToast: false }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: MONEY_REQUESTS_QUERY_KEY });
      return refreshAfterMoneyMoved(queryClient);
    },
  });
}
