// Screen 18: deposit by card, step 1. Breadcrumb App > Deposit Money. When the card step sent
// the user back (its quote takes no more cards), its message stands above the form.
import { Alert, Anchor, Breadcrumbs, Stack, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { paymentWallets, useWalletList } from '../../../hooks/use-wallet-list.ts';
import { DepositForm } from '../components/deposit-form.tsx';

/** What the card step hands back when it sends the user here (router state). */
export interface DepositNotice {
  notice: string;
}

function noticeOf(state: unknown): string | undefined {
  const notice = (state as Partial<DepositNotice> | null)?.notice;
  return typeof notice === 'string' ? notice : undefined;
}

export function DepositMoneyPage() {
  const wallets = useWalletList();
  const notice = noticeOf(useLocation().state);
  return (
    <Stack gap="lg">
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} to="/app" size="sm">
          App
        </Anchor>
        <Anchor component="span" size="sm" c="dimmed" aria-current="page">
          Deposit Money
        </Anchor>
      </Breadcrumbs>
      <Title order={1} size="h2">
        Deposit Money
      </Title>
      {notice && (
        <Alert color="red" variant="light" role="alert" maw={560}>
          {notice}
        </Alert>
      )}
      {wallets.isPending && <LoadingState rows={4} label="Loading your wallets…" />}
      {wallets.isError && (
        <ErrorState title="Your wallets could not be loaded" message={wallets.error.message} onRetry={() => void wallets.refetch()} />
      )}
      {wallets.isSuccess && <DepositForm wallets={paymentWallets(wallets.data)} />}
    </Stack>
  );
}
