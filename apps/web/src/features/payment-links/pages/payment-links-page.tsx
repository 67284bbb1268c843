// Payment Link List (route payment-link): the Search Filter (from and to date, search), Add New
// Link, and the links a page at a time with the status toggle and the live expiry. Filters and
// page live in the URL.
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { getPaymentLinkInfoCall } from '@paywallet/contract';
import { href, MERCHANT_PATHS } from '../../../lib/paths.ts';
import { useFilterDraft } from '../../../components/filters/use-filter-draft.ts';
import { useListQuery } from '../../../hooks/use-list-query.ts';
import { useUrlFilters } from '../../../hooks/use-url-filters.ts';
import { PAYMENT_LINKS_QUERY_KEY, ZPaymentLinkUrlFilters } from '../api/payment-link-calls.ts';
import { PaymentLinkFilters } from '../components/payment-link-filters.tsx';
import { PaymentLinksTable } from '../components/payment-links-table.tsx';

export function PaymentLinksPage() {
  const navigate = useNavigate();
  const url = useUrlFilters(ZPaymentLinkUrlFilters);
  const draft = useFilterDraft(ZPaymentLinkUrlFilters, url);
  const list = useListQuery(getPaymentLinkInfoCall, url.filters, url.pager, { queryKey: PAYMENT_LINKS_QUERY_KEY });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Payment Links
        </Title>
        <Button component={Link} to={MERCHANT_PATHS.paymentLinkAdd}>
          Add New Link
        </Button>
      </Group>
      <PaymentLinkFilters draft={draft} activeCount={Object.keys(url.raw).length} />
      <PaymentLinksTable
        list={list}
        onView={(row) => navigate(`${MERCHANT_PATHS.paymentLinkView}?id=${row.id}`)}
        onAttempts={(row) => navigate(href(MERCHANT_PATHS.paymentLinkAttempt, { id: row.token }))}
      />
    </Stack>
  );
}
