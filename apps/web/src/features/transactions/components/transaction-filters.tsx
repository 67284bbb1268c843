// The transactions' Search Filter (spec 2, Transactions): start and end date, the transaction id,
// the wallet and the transaction type; for a merchant also the customer e-mail and store ->
// terminal -> channel (the merchant's tabs stand for the status; a consumer picks a status).
// Search puts them in the URL (a reload keeps them); Clear removes them. An invalid customer
// e-mail shows 'Please enter a valid email address' and blocks Search.
import { Select, TextInput } from '@mantine/core';
import { TRANSACTION_STATUS_LABEL } from '@paywallet/contract';
import { DateRangeFilter } from '../../../components/filters/date-range-filter.tsx';
import { FilterBar } from '../../../components/filters/filter-bar.tsx';
import { SearchFilter } from '../../../components/filters/search-filter.tsx';
import { StoreTerminalChannelFilter } from '../../../components/filters/store-terminal-channel-filter.tsx';
import type { FilterDraft } from '../../../components/filters/use-filter-draft.ts';
import { useWalletList, walletLabel } from '../../../hooks/use-wallet-list.ts';
import { transactionTypeOptions, useTransactionTypes } from '../../../hooks/use-transaction-types.ts';
import type { ZTransactionUrlFilters } from '../api/transaction-calls.ts';

const STATUS_OPTIONS = Object.entries(TRANSACTION_STATUS_LABEL).map(([value, label]) => ({ value, label }));

export interface TransactionFiltersProps {
  draft: FilterDraft<typeof ZTransactionUrlFilters>;
  /** A merchant's screen: customer e-mail and store scope, and tabs instead of a status filter. */
  withStoreScope: boolean;
  /** How many filters the URL holds now. */
  activeCount: number;
}

export function TransactionFilters({ draft, withStoreScope, activeCount }: TransactionFiltersProps) {
  const wallets = useWalletList();
  const types = useTransactionTypes();
  const { values, errors, set } = draft;
  return (
    <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={activeCount}>
      <DateRangeFilter value={values} onChange={(range) => set(range)} />
      <SearchFilter
        label="Transaction Id"
        placeholder="The id or its beginning"
        value={values.transactionId}
        onChange={(transactionId) => set({ transactionId })}
        error={errors.transactionId ?? errors.toDate}
      />
      {!withStoreScope && (
        <Select
          label="Status"
          placeholder="All statuses"
          data={STATUS_OPTIONS}
          value={values.status ?? null}
          onChange={(status) => set({ status: status ?? undefined })}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear Status' }}
        />
      )}
      <Select
        label="Transaction Type"
        placeholder="All types"
        data={transactionTypeOptions(types.data)}
        value={values.transactionTypeId ?? null}
        onChange={(transactionTypeId) => set({ transactionTypeId: transactionTypeId ?? undefined })}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear Transaction Type' }}
      />
      <Select
        label="Wallet"
        placeholder="All wallets"
        data={(wallets.data ?? []).map((wallet) => ({ value: String(wallet.id), label: walletLabel(wallet) }))}
        value={values.userAccountId ?? null}
        onChange={(userAccountId) => set({ userAccountId: userAccountId ?? undefined })}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear Wallet' }}
      />
      {withStoreScope && (
        <TextInput
          label="Customer Email"
          placeholder="customer@example.com"
          type="email"
          value={values.customerEmail ?? ''}
          onChange={(event) => set({ customerEmail: event.currentTarget.value })}
          error={errors.customerEmail}
        />
      )}
      {withStoreScope && <StoreTerminalChannelFilter value={values} onChange={(scope) => set(scope)} />}
    </FilterBar>
  );
}
