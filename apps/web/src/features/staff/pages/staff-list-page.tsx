// Merchant staff (route merchant-staff): the Search Filter, the Add Staff button and the table.
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { getMerchantStaffCall } from '@paywallet/contract';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { FilterBar } from '../../../components/filters/filter-bar.tsx';
import { SearchFilter } from '../../../components/filters/search-filter.tsx';
import { useFilterDraft } from '../../../components/filters/use-filter-draft.ts';
import { useListQuery } from '../../../hooks/use-list-query.ts';
import { useUrlFilters } from '../../../hooks/use-url-filters.ts';
import { STAFF_QUERY_KEY, ZStaffUrlFilters } from '../api/staff-calls.ts';
import { StaffTable } from '../components/staff-table.tsx';

export function StaffListPage() {
  const url = useUrlFilters(ZStaffUrlFilters);
  const draft = useFilterDraft(ZStaffUrlFilters, url);
  const list = useListQuery(getMerchantStaffCall, url.filters, url.pager, { queryKey: STAFF_QUERY_KEY });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Staff
        </Title>
        <Button component={Link} to={MERCHANT_PATHS.merchantStaffAdd}>
          Add Staff
        </Button>
      </Group>
      <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={Object.keys(url.raw).length}>
        <SearchFilter
          label="Search"
          placeholder="Name, email or phone"
          value={draft.values.search}
          onChange={(search) => draft.set({ search })}
          error={draft.errors.search}
        />
      </FilterBar>
      <StaffTable list={list} />
    </Stack>
  );
}
