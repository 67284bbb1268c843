// The account's transactions, newest first: the Search Filter, then the list a page at a time.
// Filters and page live in the URL. A merchant (and their staff) sees three tabs (spec 2,
// Transactions: Transaction status 1, Pending 0, Failure 2; the query `tab` picks the first one
// shown; Pending and Failure load only when first opened), and also filters by customer e-mail
// and by store, terminal and channel. Export Excel and Export PDF write the same list with the
// same filters (the tab's status included).
import { Group, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getTransactionsCall } from '@paywallet/contract';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { useFilterDraft } from '../../../components/filters/use-filter-draft.ts';
import { useAccountKind } from '../../../hooks/use-account-kind.ts';
import { useListQuery } from '../../../hooks/use-list-query.ts';
import { useUrlFilters, useUrlPager } from '../../../hooks/use-url-filters.ts';
import { TRANSACTIONS_LIST_KEY, ZTransactionUrlFilters } from '../api/transaction-calls.ts';
import { TransactionFilters } from '../components/transaction-filters.tsx';
import { TransactionsTable } from '../components/transactions-table.tsx';
import { TRANSACTION_TABS, type TTransactionTab } from '../../../lib/transaction-tabs.ts';

type TabValue = TTransactionTab;

function tabOf(value: string | null): TabValue {
  return TRANSACTION_TABS.find((entry) => entry.tab === value)?.tab ?? '1';
}

export function TransactionsPage() {
  return useAccountKind() === 'merchant' ? <MerchantTransactionsPage /> : <ConsumerTransactionsPage />;
}

/** A consumer's history: one list, with a status filter. */
function ConsumerTransactionsPage() {
  const url = useUrlFilters(ZTransactionUrlFilters);
  const draft = useFilterDraft(ZTransactionUrlFilters, url);
  // A consumer has no stores or customers: a scope left in a pasted link is not sent.
  const { storeId: _store, terminalId: _terminal, channelId: _channel, customerEmail: _customer, ...filters } = url.filters;
  const list = useListQuery(getTransactionsCall, filters, url.pager, { queryKey: TRANSACTIONS_LIST_KEY });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} size="h2">
          Transactions
        </Title>
        <ExportButtons reportType="transaction" filters={filters} />
      </Group>
      <TransactionFilters draft={draft} withStoreScope={false} activeCount={Object.keys(url.raw).length} />
      <TransactionsTable list={list} refundSlot={false} />
    </Stack>
  );
}

function MerchantTransactionsPage() {
  const url = useUrlFilters(ZTransactionUrlFilters);
  const draft = useFilterDraft(ZTransactionUrlFilters, url);
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  // Each tab loads when it is first shown and stays loaded (spec 2: Pending and Failure load when first opened).
  const [opened, setOpened] = useState<ReadonlySet<TabValue>>(() => new Set([tab]));
  if (!opened.has(tab)) setOpened(new Set([...opened, tab]));
  const { status: _status, ...filters } = url.filters;
  const current = TRANSACTION_TABS.find((entry) => entry.tab === tab)!;
  const show = (value: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('tab', tabOf(value));
      return next;
    });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} size="h2">
          Transactions
        </Title>
        <ExportButtons reportType="transaction" filters={{ ...filters, status: current.status }} />
      </Group>
      <TransactionFilters draft={draft} withStoreScope activeCount={Object.keys(url.raw).length} />
      <Tabs value={tab} onChange={show} keepMounted>
        <Tabs.List mb="md">
          {TRANSACTION_TABS.map((entry) => (
            <Tabs.Tab key={entry.tab} value={entry.tab}>
              {entry.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TRANSACTION_TABS.map((entry) => (
          <Tabs.Panel key={entry.tab} value={entry.tab}>
            <TabList filters={filters} status={entry.status} tab={entry.tab} enabled={opened.has(entry.tab)} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

type MerchantFilters = Omit<ReturnType<typeof useUrlFilters<typeof ZTransactionUrlFilters>>['filters'], 'status'>;

/** One tab's list: the shared filters with the tab's status, and its own page in the URL. */
function TabList({ filters, status, tab, enabled }: { filters: MerchantFilters; status: number; tab: TabValue; enabled: boolean }) {
  const pager = useUrlPager({ namespace: `tab${tab}` });
  const list = useListQuery(getTransactionsCall, { ...filters, status }, pager, { queryKey: TRANSACTIONS_LIST_KEY, enabled });
  return <TransactionsTable list={list} refundSlot={tab === '1'} storageKey={`table.transactions.tab${tab}`} />;
}
