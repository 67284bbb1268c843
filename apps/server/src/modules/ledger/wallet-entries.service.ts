// What other modules may read of a wallet's entries: the list of a wallet's ledger entries with
// the balance after each (the account ledger and its export read it through here).
export { walletEntryListSource, type WalletEntryListParams, type WalletEntryRow } from './wallet-entries.repository.ts';
