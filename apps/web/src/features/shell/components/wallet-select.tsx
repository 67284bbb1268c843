// The wallet (currency) select of the top bar. The default wallet is preselected; the
// choice is remembered.
import { Button, Select, Skeleton, Tooltip } from '@mantine/core';
import { useLocalState } from '../../../hooks/use-local-state.ts';
import { localState } from '../../../lib/storage.ts';
import { defaultWallet, useWalletList, walletLabel } from '../api/use-wallet-list.ts';

export function WalletSelect() {
  const wallets = useWalletList();
  const chosenId = useLocalState('selectedWalletId');

  if (wallets.isPending) return <Skeleton height={30} width={120} radius="sm" />;
  if (wallets.isError) {
    return (
      <Tooltip label="Wallets could not be loaded">
        <Button size="xs" variant="light" color="red" onClick={() => void wallets.refetch()}>
          Retry wallets
        </Button>
      </Tooltip>
    );
  }
  const list = wallets.data;
  const selected = list.find((wallet) => wallet.id === chosenId) ?? defaultWallet(list);
  return (
    <Select
      aria-label="Wallet"
      placeholder={list.length === 0 ? 'No wallets' : 'Wallet'}
      data={list.map((wallet) => ({ value: String(wallet.id), label: walletLabel(wallet) }))}
      value={selected ? String(selected.id) : null}
      onChange={(value) => value && localState.set('selectedWalletId', Number(value))}
      allowDeselect={false}
      disabled={list.length === 0}
      w={130}
      size="xs"
    />
  );
}
