// Screen 18: deposit by card, step 1. Breadcrumb App > Deposit Money.
import { Anchor, Breadcrumbs, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { paymentWallets, useWalletList } from '../../../hooks/use-wallet-list.ts';
import { DepositForm } from '../components/deposit-form.tsx';

export function DepositMoneyPage() {
  const wallets = useWalletList();
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
      <Title order={2}>Deposit Money</Title>
      {wallets.isPending && <LoadingState rows={4} label="Loading your wallets…" />}
      {wallets.isError && (
        <ErrorState title="Your wallets could not be loaded" message={wallets.error.message} onRetry={() => void wallets.refetch()} />
      )}
      {wallets.isSuccess && <DepositForm wallets={paymentWallets(wallets.data)} />}
    </Stack>
  );
}
