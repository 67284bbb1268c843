// The home screen's wallets (spec 1 section 3: available and on hold, in each currency; the
// default marked, DECISIONS 1), with their loading, empty and error states. The wallet the top
// bar shows is marked too, so choosing one there is seen here.
import { SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { EmptyState, ErrorState } from '../../../components/query-states.tsx';
import { useChosenWalletId, useWalletList } from '../../../hooks/use-wallet-list.ts';
import { shellWallet } from '../../../lib/wallets.ts';
import { WalletCard } from './wallet-card.tsx';

const SKELETON_CARDS = 3;
const COLUMNS = { base: 1, xs: 2, lg: 3 } as const;

export function WalletBalances() {
  const wallets = useWalletList();
  const chosenId = useChosenWalletId();
  const list = wallets.data;
  const selected = list ? shellWallet(list, chosenId) : undefined;
  return (
    <Stack gap="sm" component="section" aria-labelledby="wallets-title">
      <Title order={2} size="h3" id="wallets-title">
        Wallets
      </Title>
      {wallets.isPending && (
        <SimpleGrid cols={COLUMNS} role="status" aria-busy="true" aria-label="Loading your wallets">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <Skeleton key={index} height={148} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {wallets.isError && (
        // A failed refresh keeps the balances it had on screen, saying they may be out of date.
        <ErrorState
          title={list ? 'Your balances could not be refreshed' : 'Your wallets could not be loaded'}
          message={wallets.error.message}
          onRetry={() => void wallets.refetch()}
        />
      )}
      {list?.length === 0 && <EmptyState message="You have no wallets yet." />}
      {list && list.length > 0 && (
        <SimpleGrid cols={COLUMNS}>
          {list.map((wallet) => (
            <WalletCard key={wallet.id} wallet={wallet} selected={wallet.id === selected?.id} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
