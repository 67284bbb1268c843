// The signed-in user's wallets, one cached read for the shell and every money screen, and the
// wallet chosen in the top bar. Money screens refresh the list after money moved
// (hooks/money-moved.ts), so the top bar, the home and the open screen show the new balances.
//
// The chosen wallet is account data the spec's client keeps in local storage, encoded
// (lib/storage.ts, key `selectedWalletId`): it survives a reload, goes with the rest of the
// client state at sign-out, and money forms start from it (preselectedWallet).
import { useQuery } from '@tanstack/react-query';
import { getWalletListCall } from '@paywallet/contract';
import type { TWallet } from '@paywallet/contract';
import { call } from '../api/client.ts';
import { localState } from '../lib/storage.ts';
import { pickPreselectedWallet } from '../lib/wallets.ts';
import { useLocalState } from './use-local-state.ts';

export { defaultWallet, paymentWallets, walletLabel } from '../lib/wallets.ts';

export const WALLET_LIST_QUERY_KEY = ['wallet-list'] as const;

/** `enabled: false` keeps showing what is cached without fetching (the delayed loads of spec 1 section 9). */
export function useWalletList({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: WALLET_LIST_QUERY_KEY,
    queryFn: ({ signal }) => call(getWalletListCall, {}, { signal }),
    enabled,
    // Money can move while the user is in another tab (a 3-D Secure challenge, another device):
    // balances are read again whenever the app comes back into view.
    refetchOnWindowFocus: 'always',
  });
}

/** The wallet id chosen in the top bar, or undefined when none was chosen. */
export function chosenWalletId(): number | undefined {
  return localState.get('selectedWalletId');
}

/** The top bar's choice, kept for this browser until sign-out. */
export function chooseWallet(walletId: number): void {
  localState.set('selectedWalletId', walletId);
}

/** The chosen wallet id, re-rendering when it changes (in this tab or another). */
export function useChosenWalletId(): number | undefined {
  return useLocalState('selectedWalletId');
}

/**
 * The wallet a money form preselects among the wallets it offers: the one chosen in the top
 * bar, else the default wallet; never the rolling-reserve wallet (lib/wallets.ts).
 */
export function preselectedWallet(offered: readonly TWallet[]): TWallet | undefined {
  return pickPreselectedWallet(offered, chosenWalletId());
}
