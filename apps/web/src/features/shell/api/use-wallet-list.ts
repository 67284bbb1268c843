// The wallet list is shared with the money screens; it lives in hooks/ so features need not
// import each other.
export { defaultWallet, useWalletList, walletLabel, WALLET_LIST_QUERY_KEY } from '../../../hooks/use-wallet-list.ts';
