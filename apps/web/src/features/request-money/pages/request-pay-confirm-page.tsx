// Screen 17: confirm paying a request. Confirm sends the quote's hash with request_id; the
// request becomes ACCEPTED, the wallets refresh, and closing the success dialog goes on as
// spec 1 section 4 says: a consumer to the request list (User Requests), a merchant to the
// transactions. The route parameter `emailOrPhone` names the requester (spec 1 section 2): a
// link naming someone else than the request's requester confirms nothing.
import { useState } from 'react';
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { TReceivedMoneyRequest } from '@paywallet/contract';
import { PATHS, transactionsPath } from '../../../lib/paths.ts';
import { QuoteConfirmCard } from '../../../components/quote-confirm-card.tsx';
import { TransactionSuccessModal } from '../../../components/transaction-success-modal.tsx';
import { useAccountKind } from '../../../hooks/use-account-kind.ts';
import { useLocalStateSnapshot } from '../../../hooks/use-local-state.ts';
import { localState } from '../../../lib/storage.ts';
import type { RequestSendMoneyQuoteState } from '../../../lib/storage.ts';
import { useConfirmRequestPayment } from '../api/money-request-calls.ts';

export function RequestPayConfirmPage() {
  const request = useLocalStateSnapshot('requestSendMoney');
  const pending = useLocalStateSnapshot('requestSendMoneyQuote');
  const [params] = useSearchParams();
  const named = params.get('emailOrPhone')?.trim() || undefined;
  if (!request || !pending || pending.requestId !== request.id) return <Navigate to={PATHS.requestMoneyPay} replace />;
  if (named !== undefined && named.toLowerCase() !== request.user_account.user.email.toLowerCase()) {
    return <OtherRequester named={named} />;
  }
  return <RequestPayConfirm request={request} pending={pending} />;
}

const USER_REQUESTS = `${PATHS.requestMoney}?tab=user`;

function OtherRequester({ named }: { named: string }) {
  return (
    <Stack gap="lg" maw={560}>
      <Title order={2}>Pay Request</Title>
      <Alert color="red" variant="light" role="alert" title="This is not the request you are paying">
        The link names {named}, who did not send the request being paid. Open the request again from User Requests.
      </Alert>
      <Anchor component={Link} to={USER_REQUESTS} size="sm">
        Back to User Requests
      </Anchor>
    </Stack>
  );
}

function RequestPayConfirm({ request, pending }: { request: TReceivedMoneyRequest; pending: RequestSendMoneyQuoteState }) {
  const navigate = useNavigate();
  const kind = useAccountKind();
  const confirm = useConfirmRequestPayment();
  const [transactionId, setTransactionId] = useState<string | null>(null);
  const requester = request.user_account.user;

  const finish = () => {
    navigate(kind === 'consumer' ? USER_REQUESTS : transactionsPath(kind));
    localState.remove('requestSendMoneyQuote');
    localState.remove('requestSendMoney');
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Pay Request
      </Title>
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
        onBack={() => navigate(PATHS.requestMoneyPay)}
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
