// The wallet (currency) select of the top bar. It shows the chosen wallet, else the default;
// the rolling-reserve wallet reads 'CODE / RR' (DECISIONS 1). A choice is kept in local storage
// (hooks/use-wallet-list.ts), so it survives a reload, and the money forms preselect it.
import { Button, Select, Skeleton, Tooltip } from '@mantine/core';
import { chooseWallet, useChosenWalletId, useWalletList, walletLabel } from '../../../hooks/use-wallet-list.ts';
import { shellWallet } from '../../../lib/wallets.ts';

/** Wide enough for 'AED / RR' and the chevron, narrow enough for the top bar at 390 px. */
const SELECT_WIDTH_PX = 124;

export function WalletSelect() {
  const wallets = useWalletList();
  const chosenId = useChosenWalletId();

  if (wallets.isPending) return <Skeleton height={30} width={SELECT_WIDTH_PX} radius="sm" />;
  // A failed refresh keeps the list it had; only a list that never loaded offers Retry.
  if (!wallets.data) {
    return (
      <Tooltip label="Wallets could not be loaded">
        <Button size="xs" variant="light" color="red" onClick={() => void wallets.refetch()}>
          Retry wallets
        </Button>
      </Tooltip>
    );
  }
  const list = wallets.data;
  const selected = shellWallet(list, chosenId);
  return (
    <Select
      aria-label="Chosen wallet"
      placeholder={list.length === 0 ? 'No wallets' : 'Wallet'}
      data={list.map((wallet) => ({ value: String(wallet.id), label: walletLabel(wallet) }))}
      value={selected ? String(selected.id) : null}
      onChange={(value) => value && chooseWallet(Number(value))}
      allowDeselect={false}
      disabled={list.length === 0}
      w={SELECT_WIDTH_PX}
      size="xs"
    />
  );
}
