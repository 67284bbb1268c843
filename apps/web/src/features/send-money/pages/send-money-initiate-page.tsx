// Screen 13, send money step 2: the amount, the paying wallet (the default one preselected)
// and who pays the charges. Send prices the payment (a quote) and goes to the confirm step.
// Route parameters (spec 1 section 2): `emailOrPhone` names the recipient, who is verified on
// arrival unless step 1 just did so; `msg` is shown in the info alert. Without them the
// recipient step 1 kept is used, and without that the user goes to step 1.
import { Alert, Anchor, Grid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { verifyEmailPhoneCall } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useLocalStateSnapshot } from '../../../hooks/use-local-state.ts';
import { paymentWallets, useWalletList } from '../../../hooks/use-wallet-list.ts';
import { localState } from '../../../lib/storage.ts';
import type { SendMoneyRecipientState } from '../../../lib/storage.ts';
import { RecipientCard } from '../components/recipient-card.tsx';
import { SendMoneyForm } from '../components/send-money-form.tsx';

/** A longer message in the link is cut: the alert is a note, not a letter. */
const MSG_CHARS_MAX = 300;

export function SendMoneyInitiatePage() {
  const [params] = useSearchParams();
  const emailOrPhone = params.get('emailOrPhone')?.trim() || undefined;
  const msg = params.get('msg')?.trim().slice(0, MSG_CHARS_MAX) || undefined;
  const stored = useLocalStateSnapshot('sendMoneyRecipient');
  if (emailOrPhone === undefined) {
    if (!stored) return <Navigate to={PATHS.sendMoney} replace />;
    return <SendMoneyInitiate recipient={stored} msg={msg} />;
  }
  if (stored?.emailOrPhone === emailOrPhone) return <SendMoneyInitiate recipient={stored} msg={msg} />;
  return <RecipientFromLink emailOrPhone={emailOrPhone} msg={msg} />;
}

/** A recipient named by the link: verified first, as step 1 would (the same call and refusals). */
function RecipientFromLink({ emailOrPhone, msg }: { emailOrPhone: string; msg: string | undefined }) {
  const verified = useQuery({
    queryKey: ['send-money-recipient', emailOrPhone],
    queryFn: async ({ signal }) => {
      const answer = await call(verifyEmailPhoneCall, { emailOrPhone }, { signal, successToast: false, errorToast: false });
      const recipient: SendMoneyRecipientState = { emailOrPhone, user: answer.user, msg: answer.msg };
      localState.set('sendMoneyRecipient', recipient);
      localState.remove('sendMoneyQuote');
      return recipient;
    },
    retry: false,
    staleTime: Infinity,
  });
  if (verified.isSuccess) return <SendMoneyInitiate recipient={verified.data} msg={msg} />;
  return (
    <Stack gap="lg">
      <Title order={2}>Send Money</Title>
      {verified.isPending && <LoadingState rows={3} label="Checking the recipient…" />}
      {verified.isError && (
        <Stack gap="sm" maw={560}>
          <ErrorState title="This recipient cannot be paid" message={verified.error.message} />
          <Anchor component={Link} to={PATHS.sendMoney} size="sm">
            Choose another recipient
          </Anchor>
        </Stack>
      )}
    </Stack>
  );
}

function SendMoneyInitiate({ recipient, msg }: { recipient: SendMoneyRecipientState; msg: string | undefined }) {
  const wallets = useWalletList();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Send Money
      </Title>
      {msg && (
        <Alert color="blue" variant="light" maw={960} data-testid="send-money-msg">
          {msg}
        </Alert>
      )}
      <Grid gap="lg" maw={960}>
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
