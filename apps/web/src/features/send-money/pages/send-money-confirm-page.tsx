// Screen 14, send money step 3: the priced payment, read-only, until the quote expires.
// Confirm moves the money, refreshes the wallets and shows the transaction id; closing the
// dialog goes to request-money (consumer) or transactions (merchant), as spec 1 section 4 says.
import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router-dom';
import { QuoteConfirmCard } from '../../../components/quote-confirm-card.tsx';
import { TransactionSuccessModal } from '../../../components/transaction-success-modal.tsx';
import { PATHS, transactionsPath, withRouteParams } from '../../../lib/paths.ts';
import { useAccountKind } from '../../../hooks/use-account-kind.ts';
import { useLocalStateSnapshot } from '../../../hooks/use-local-state.ts';
import { localState } from '../../../lib/storage.ts';
import type { SendMoneyQuoteState } from '../../../lib/storage.ts';
import { useConfirmSendMoney } from '../api/send-money-calls.ts';

export function SendMoneyConfirmPage() {
  const pending = useLocalStateSnapshot('sendMoneyQuote');
  if (!pending) return <Navigate to={PATHS.sendMoneyInitiate} replace />;
  return <SendMoneyConfirm pending={pending} />;
}

function SendMoneyConfirm({ pending }: { pending: SendMoneyQuoteState }) {
  const navigate = useNavigate();
  const kind = useAccountKind();
  const recipient = useLocalStateSnapshot('sendMoneyRecipient');
  const confirm = useConfirmSendMoney();
  const [transactionId, setTransactionId] = useState<string | null>(null);

  const fullName = recipient ? `${recipient.user.first_name} ${recipient.user.last_name}`.trim() : undefined;
  const partyRows = [
    ...(fullName ? [{ label: 'Recipient', value: fullName }] : []),
    { label: 'Email or Phone', value: pending.emailOrPhone },
  ];

  const finish = () => {
    navigate(kind === 'consumer' ? PATHS.requestMoney : transactionsPath(kind));
    localState.remove('sendMoneyQuote');
    localState.remove('sendMoneyRecipient');
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Send Money
      </Title>
      <QuoteConfirmCard
        key={pending.quote.hash}
        title="Confirm the payment"
        partyRows={partyRows}
        quote={pending.quote}
        pending={confirm.isPending || transactionId !== null}
        onBack={() => navigate(withRouteParams(PATHS.sendMoneyInitiate, { emailOrPhone: pending.emailOrPhone }))}
        onConfirm={() =>
          confirm.mutate({ transactionHash: pending.quote.hash }, { onSuccess: (answer) => setTransactionId(answer.transactionId) })
        }
      />
      <TransactionSuccessModal transactionId={transactionId} onClose={finish} />
    </Stack>
  );
}
