// What the screens make of a wallet list, as pure functions (no storage, no network), so the
// rules can be tested apart from the screens:
// - the shell labels the rolling-reserve wallet 'CODE / RR' (DECISIONS 1);
// - the default wallet is `is_default` 1 (DECISIONS 1);
// - the rolling-reserve wallet neither pays nor receives: money forms never offer it;
// - a money form preselects the wallet chosen in the top bar, else the default wallet.
import { WALLET_KIND } from '@paywallet/contract';
import type { TWallet } from '@paywallet/contract';

export function isReserveWallet(wallet: TWallet): boolean {
  return wallet.is_default === WALLET_KIND.ROLLING_RESERVE;
}

export function isDefaultWallet(wallet: TWallet): boolean {
  return wallet.is_default === WALLET_KIND.DEFAULT;
}

/** The shell labels the rolling-reserve wallet 'CODE / RR' (DECISIONS 1). */
export function walletLabel(wallet: TWallet): string {
  return isReserveWallet(wallet) ? `${wallet.currency.code} / RR` : wallet.currency.code;
}

/** The default wallet, else the first wallet that is not the reserve, else the first. */
export function defaultWallet(wallets: readonly TWallet[]): TWallet | undefined {
  return wallets.find(isDefaultWallet) ?? wallets.find((wallet) => !isReserveWallet(wallet)) ?? wallets[0];
}

/** The wallets money forms offer: the rolling-reserve wallet neither pays nor receives. */
export function paymentWallets(wallets: readonly TWallet[]): TWallet[] {
  return wallets.filter((wallet) => !isReserveWallet(wallet));
}

/** The top bar's wallet: the one chosen there while it still exists, else the default wallet. */
export function shellWallet(wallets: readonly TWallet[], chosenId: number | undefined): TWallet | undefined {
  return wallets.find((wallet) => wallet.id === chosenId) ?? defaultWallet(wallets);
}

/**
 * The wallet a money form starts with, from the wallets the form offers: the one chosen in the
 * top bar when the form offers it, else the default wallet, else the first offered. The
 * rolling-reserve wallet is never preselected, even when it is the chosen one or the only one.
 */
export function pickPreselectedWallet(offered: readonly TWallet[], chosenId: number | undefined): TWallet | undefined {
  const payable = paymentWallets(offered);
  return payable.find((wallet) => wallet.id === chosenId) ?? payable.find(isDefaultWallet) ?? payable[0];
}
