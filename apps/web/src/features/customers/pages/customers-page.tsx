// The merchant's customers (merchant-customers): the Search Filter, then the list a page at a
// time; Details opens the cards modal. Filters and page live in the URL.
import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { getMerchantCustomersCall } from '@paywallet/contract';
import type { TCustomerRow } from '@paywallet/contract';
import { useFilterDraft } from '../../../components/filters/use-filter-draft.ts';
import { useListQuery } from '../../../hooks/use-list-query.ts';
import { useUrlFilters } from '../../../hooks/use-url-filters.ts';
import { CUSTOMERS_QUERY_KEY, ZCustomerUrlFilters } from '../api/customer-calls.ts';
import { CustomerCardsModal } from '../components/customer-cards-modal.tsx';
import { CustomerFilters } from '../components/customer-filters.tsx';
import { CustomersTable } from '../components/customers-table.tsx';

export function CustomersPage() {
  const url = useUrlFilters(ZCustomerUrlFilters);
  const draft = useFilterDraft(ZCustomerUrlFilters, url);
  const list = useListQuery(getMerchantCustomersCall, url.filters, url.pager, { queryKey: CUSTOMERS_QUERY_KEY });
  const [shown, setShown] = useState<TCustomerRow | null>(null);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Customers
      </Title>
      <CustomerFilters draft={draft} activeCount={Object.keys(url.raw).length} />
      <CustomersTable list={list} onDetails={setShown} />
      <CustomerCardsModal customer={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
