// Screen 17: confirm paying a request. Confirm sends the quote's hash with request_id; the
// request becomes ACCEPTED, the wallets refresh, and closing the success dialog returns to the
// User Requests tab.
import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router-dom';
import type { TReceivedMoneyRequest } from '@paywallet/contract';
import { QuoteConfirmCard } from '../../../components/quote-confirm-card.tsx';
import { TransactionSuccessModal } from '../../../components/transaction-success-modal.tsx';
import { useLocalStateSnapshot } from '../../../hooks/use-local-state.ts';
import { localState } from '../../../lib/storage.ts';
import type { RequestSendMoneyQuoteState } from '../../../lib/storage.ts';
import { useConfirmRequestPayment } from '../api/money-request-calls.ts';

export function RequestPayConfirmPage() {
  const request = useLocalStateSnapshot('requestSendMoney');
  const pending = useLocalStateSnapshot('requestSendMoneyQuote');
  if (!request || !pending || pending.requestId !== request.id) return <Navigate to="/app/request-money/pay" replace />;
  return <RequestPayConfirm request={request} pending={pending} />;
}

function RequestPayConfirm({ request, pending }: { request: TReceivedMoneyRequest; pending: RequestSendMoneyQuoteState }) {
  const navigate = useNavigate();
  const confirm = useConfirmRequestPayment();
  const [transactionId, setTransactionId] = useState<string | null>(null);
  const requester = request.user_account.user;

  const finish = () => {
    navigate('/app/request-money?tab=user');
    localState.remove('requestSendMoneyQuote');
    localState.remove('requestSendMoney');
  };

  return (
    <Stack gap="lg">
      <Title order={2}>Pay Request</Title>
      <QuoteConfirmCard
        key={pending.quote.hash}
        title="Confirm Send Money"
        partyRows={[
          { label: 'Requester', value: `${requester.first_name} ${requester.last_name}`.trim() },
          { label: 'Email or Phone', value: requester.email },
          ...(request.notes ? [{ label: 'Notes', value: request.notes }] : []),
        ]}
        quote={pending.quote}
        pending={confirm.isPending || transactionId !== null}
        onBack={() => navigate('/app/request-money/pay')}
        onConfirm={() =>
          confirm.mutate(
            { transactionHash: pending.quote.hash, request_id: pending.requestId },
            { onSuccess: (answer) => setTransactionId(answer.transactionId) },
          )
        }
      />
      <TransactionSuccessModal transactionId={transactionId} onClose={finish} />
    </Stack>
  );
}
