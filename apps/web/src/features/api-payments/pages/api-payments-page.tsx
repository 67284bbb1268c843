// The merchant's API payments (api-payment, spec 2): the Search Filter, then the list a page at
// a time; Attempts opens the payment's transactions. Filters and page live in the URL.
import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { getApiPaymentsCall } from '@paywallet/contract';
import type { TApiPaymentRow } from '@paywallet/contract';
import { useFilterDraft } from '../../../components/filters/use-filter-draft.ts';
import { useListQuery } from '../../../hooks/use-list-query.ts';
import { useUrlFilters } from '../../../hooks/use-url-filters.ts';
import { API_PAYMENTS_QUERY_KEY, ZApiPaymentUrlFilters } from '../api/api-payment-calls.ts';
import { ApiPaymentAttemptsModal } from '../components/api-payment-attempts-modal.tsx';
import { ApiPaymentFilters } from '../components/api-payment-filters.tsx';
import { ApiPaymentsTable } from '../components/api-payments-table.tsx';

export function ApiPaymentsPage() {
  const url = useUrlFilters(ZApiPaymentUrlFilters);
  const draft = useFilterDraft(ZApiPaymentUrlFilters, url);
  const list = useListQuery(getApiPaymentsCall, url.filters, url.pager, { queryKey: API_PAYMENTS_QUERY_KEY });
  const [shown, setShown] = useState<TApiPaymentRow | null>(null);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Api Payment
      </Title>
      <ApiPaymentFilters draft={draft} activeCount={Object.keys(url.raw).length} />
      <ApiPaymentsTable list={list} onAttempts={setShown} />
      <ApiPaymentAttemptsModal payment={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
