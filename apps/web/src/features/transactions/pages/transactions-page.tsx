// The account's transactions, newest first: the Search Filter, then the list a page at a time.
// Filters and page live in the URL. A merchant (and their staff) also filters by store, terminal
// and channel. Export Excel and Export PDF write the same list with the same filters.
import { Group, Stack, Title } from '@mantine/core';
import { getTransactionsCall } from '@paywallet/contract';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { useFilterDraft } from '../../../components/filters/use-filter-draft.ts';
import { useAccountKind } from '../../../hooks/use-account-kind.ts';
import { useListQuery } from '../../../hooks/use-list-query.ts';
import { useUrlFilters } from '../../../hooks/use-url-filters.ts';
import { TRANSACTIONS_LIST_KEY, ZTransactionUrlFilters } from '../api/transaction-calls.ts';
import { TransactionFilters } from '../components/transaction-filters.tsx';
import { TransactionsTable } from '../components/transactions-table.tsx';

export function TransactionsPage() {
  const merchant = useAccountKind() === 'merchant';
  const url = useUrlFilters(ZTransactionUrlFilters);
  const draft = useFilterDraft(ZTransactionUrlFilters, url);
  // A consumer has no stores: a scope left in a pasted link is not sent (the server would refuse it).
  const { storeId, terminalId, channelId, ...common } = url.filters;
  const filters = merchant ? { ...common, storeId, terminalId, channelId } : common;
  const list = useListQuery(getTransactionsCall, filters, url.pager, { queryKey: TRANSACTIONS_LIST_KEY });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} size="h2">
          Transactions
        </Title>
        <ExportButtons reportType="transactions" filters={filters} />
      </Group>
      <TransactionFilters draft={draft} withStoreScope={merchant} activeCount={Object.keys(url.raw).length} />
      <TransactionsTable list={list} />
    </Stack>
  );
}
