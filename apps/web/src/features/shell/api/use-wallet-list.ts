import { useQuery } from '@tanstack/react-query';
import { getWalletList, WALLET_KIND } from '@paywallet/contract';
import type { TWallet } from '@paywallet/contract';
import { call } from '../../../api/client.ts';

export function useWalletList() {
  return useQuery({
    queryKey: ['wallet-list'],
    queryFn: ({ signal }) => call(getWalletList, {}, { signal }),
  });
}

/** The shell labels the rolling-reserve wallet 'CODE / RR' (DECISIONS 1). */
export function walletLabel(wallet: TWallet): string {
  return wallet.is_default === WALLET_KIND.ROLLING_RESERVE ? `${wallet.currency.code} / RR` : wallet.currency.code;
}

export function defaultWallet(wallets: readonly TWallet[]): TWallet | undefined {
  return wallets.find((wallet) => wallet.is_default === WALLET_KIND.DEFAULT) ?? wallets[0];
}
