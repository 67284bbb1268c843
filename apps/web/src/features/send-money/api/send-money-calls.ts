// The calls of the send-money flow (spec 1 section 4): verify the recipient, price the payment
// (a quote with its hash), confirm the quote. Confirm refreshes the wallets: money moved.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmSendMoney, initiateSendMoney, verifyEmailPhone } from '@paywallet/contract';
import type { TConfirmSendMoneyRequest, TInitiateSendMoneyRequest } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { refreshAfterMoneyMoved } from '../../../hooks/money-moved.ts';

export function useVerifyRecipient() {
  return useMutation({
    mutationFn: (emailOrPhone: string) => call(verifyEmailPhone, { emailOrPhone }),
  });
}

export function useInitiateSendMoney() {
  return useMutation({
    mutationFn: (body: TInitiateSendMoneyRequest) => call(initiateSendMoney, body),
  });
}

export function useConfirmSendMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    // The success dialog says what the toast would say.
    mutationFn: (body: TConfirmSendMoneyRequest) => call(confirmSendMoney, body, { successToast: false }),
    onSuccess: () => refreshAfterMoneyMoved(queryClient),
  });
}
