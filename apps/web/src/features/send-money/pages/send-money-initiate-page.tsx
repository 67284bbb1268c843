// Screen 13, send money step 2: the amount, the paying wallet (the default one preselected)
// and who pays the charges. Send prices the payment (a quote) and goes to the confirm step.
import { Alert, Grid, Stack, Title } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useLocalStateSnapshot } from '../../../hooks/use-local-state.ts';
import { paymentWallets, useWalletList } from '../../../hooks/use-wallet-list.ts';
import type { SendMoneyRecipientState } from '../../../lib/storage.ts';
import { RecipientCard } from '../components/recipient-card.tsx';
import { SendMoneyForm } from '../components/send-money-form.tsx';

export function SendMoneyInitiatePage() {
  const recipient = useLocalStateSnapshot('sendMoneyRecipient');
  if (!recipient) return <Navigate to="/app/send-money" replace />;
  return <SendMoneyInitiate recipient={recipient} />;
}

function SendMoneyInitiate({ recipient }: { recipient: SendMoneyRecipientState }) {
  const wallets = useWalletList();
  return (
    <Stack gap="lg">
      <Title order={2}>Send Money</Title>
      {recipient.msg && (
        <Alert color="blue" variant="light" maw={960}>
          {recipient.msg}
        </Alert>
      )}
      <Grid gutter="lg" maw={960}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {wallets.isPending && <LoadingState rows={4} label="Loading your wallets…" />}
          {wallets.isError && (
            <ErrorState title="Your wallets could not be loaded" message={wallets.error.message} onRetry={() => void wallets.refetch()} />
          )}
          {wallets.isSuccess && <SendMoneyForm recipient={recipient} wallets={paymentWallets(wallets.data)} />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <RecipientCard recipient={recipient.user} emailOrPhone={recipient.emailOrPhone} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
