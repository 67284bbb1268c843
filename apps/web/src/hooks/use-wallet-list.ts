// The signed-in user's wallets, one cached read for the shell and every money screen. Money
// screens refresh it after money moved (hooks/money-moved.ts), so the top bar and the open
// screen show the new balances.
import { useQuery } from '@tanstack/react-query';
import { getWalletList, WALLET_KIND } from '@paywallet/contract';
import type { TWallet } from '@paywallet/contract';
import { call } from '../api/client.ts';

export const WALLET_LIST_QUERY_KEY = ['wallet-list'] as const;

/** `enabled: false` keeps showing what is cached without fetching (the delayed loads of spec 1 section 9). */
export function useWalletList({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: WALLET_LIST_QUERY_KEY,
    queryFn: ({ signal }) => call(getWalletList, {}, { signal }),
    enabled,
    // Money can move while the user is in another tab (a 3-D Secure challenge, another device):
    // balances are read again whenever the app comes back into view.
    refetchOnWindowFocus: 'always',
  });
}

/** The shell labels the rolling-reserve wallet 'CODE / RR' (DECISIONS 1). */
export function walletLabel(wallet: TWallet): string {
  return wallet.is_default === WALLET_KIND.ROLLING_RESERVE ? `${wallet.currency.code} / RR` : wallet.currency.code;
}

export function defaultWallet(wallets: readonly TWallet[]): TWallet | undefined {
  return wallets.find((wallet) => wallet.is_default === WALLET_KIND.DEFAULT) ?? wallets[0];
}

/** The wallets money forms offer: the rolling-reserve wallet neither pays nor receives. */
export function paymentWallets(wallets: readonly TWallet[]): TWallet[] {
  return wallets.filter((wallet) => wallet.is_default !== WALLET_KIND.ROLLING_RESERVE);
}
