// The held balance (hold-balance): the movements of the chosen wallet's on-hold bucket, a page
// at a time, with a Back button. The wallet comes from the URL (View Hold on the dashboard),
// else the wallet chosen in the top bar.
import { Button, Group, Stack, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getBalanceOnHoldCall } from '@paywallet/contract';
import { LoadingState } from '../../../components/query-states.tsx';
import { useListQuery } from '../../../hooks/use-list-query.ts';
import { useUrlPager } from '../../../hooks/use-url-filters.ts';
import { useChosenWalletId, useWalletList } from '../../../hooks/use-wallet-list.ts';
import { PATHS } from '../../../lib/paths.ts';
import { shellWallet } from '../../../lib/wallets.ts';
import { HeldBalanceTable } from '../components/held-balance-table.tsx';

function useHeldWalletId(): number | undefined {
  const [params] = useSearchParams();
  const fromUrl = Number(params.get('userAccountId'));
  const wallets = useWalletList();
  const chosenId = useChosenWalletId();
  if (Number.isSafeInteger(fromUrl) && fromUrl > 0) return fromUrl;
  return wallets.data ? shellWallet(wallets.data, chosenId)?.id : undefined;
}

export function HoldBalancePage() {
  const navigate = useNavigate();
  const walletId = useHeldWalletId();
  const pager = useUrlPager();
  const list = useListQuery(getBalanceOnHoldCall, { userAccountId: walletId ?? 0 }, pager, { enabled: walletId !== undefined });
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Hold Balance
        </Title>
        <Button variant="default" onClick={() => void navigate(PATHS.dashboardOverview)}>
          Back
        </Button>
      </Group>
      {walletId === undefined ? <LoadingState label="Loading your wallets…" /> : <HeldBalanceTable list={list} />}
    </Stack>
  );
}
