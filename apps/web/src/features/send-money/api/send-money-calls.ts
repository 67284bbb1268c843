// The confirm call of the send-money flow (spec 1 section 4); the recipient check and the
// pricing are the forms of steps 1 and 2 (the form kit). Confirm refreshes the wallets: money
// moved.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmSendMoneyCall } from '@paywallet/contract';
import type { TConfirmSendMoneyRequest } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { refreshAfterMoneyMoved } from '../../../hooks/money-moved.ts';

export function useConfirmSendMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    // The success dialog says what the toast would say.
    mutationFn: (body: TConfirmSendMoneyRequest) => call(confirmSendMoneyCall, body, { successToast: false }),
    onSuccess: () => refreshAfterMoneyMoved(queryClient),
  });
}
