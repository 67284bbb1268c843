// The merchants' main accounts, with 'Log in as merchant': the server opens an impersonation
// session (every call in it is audited with both identities), the console keeps the
// administrator's own session aside, and the merchant app opens.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  adminGetMerchantsCall,
  adminLoginAsMerchantCall,
  isBlockedUserStatus,
  USER_STATUS_LABEL,
  type TAdminMerchantRow,
} from '@paywallet/contract';
import { call } from '../../api/client.ts';
import { APP_ROOT, CONSOLE_PATHS } from '../../lib/paths.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../components/data-table/types.ts';
import { FilterBar } from '../../components/filters/filter-bar.tsx';
import { SearchFilter } from '../../components/filters/search-filter.tsx';
import { GmtDate } from '../../components/gmt-date.tsx';
import { USER_STATUS_COLOR } from '../../components/user-status-badge.tsx';
import { useListQuery } from '../../hooks/use-list-query.ts';
import { useUrlFilters } from '../../hooks/use-url-filters.ts';
import { beginImpersonation } from '../../lib/console-session.ts';
import { ZMerchantUrlFilters } from '../console-filters.ts';
import { ConsolePage, PersonCell, StatusBadge } from '../components/console-page.tsx';
import { useLiveFilters } from '../components/use-live-filters.ts';

const COLUMNS: DataColumn<TAdminMerchantRow>[] = [
  { accessor: 'business_name', title: 'Merchant', render: (row) => <PersonCell person={row} /> },
  { accessor: 'contact', title: 'Contact', render: (row) => `${row.first_name} ${row.last_name}` },
  {
    accessor: 'status',
    title: 'Status',
    render: (row) => <StatusBadge label={USER_STATUS_LABEL[row.status] ?? 'Unknown'} color={USER_STATUS_COLOR[row.status] ?? 'gray'} />,
  },
  { accessor: 'stores', title: 'Stores', textAlign: 'right' },
  { accessor: 'created_at', title: 'Joined', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
  { accessor: 'last_login_at', title: 'Last Login', noWrap: true, render: (row) => <GmtDate value={row.last_login_at} /> },
];

export function ConsoleMerchantsPage() {
  const url = useUrlFilters(ZMerchantUrlFilters, { namespace: 'merchants' });
  const draft = useLiveFilters(ZMerchantUrlFilters, url);
  const list = useListQuery(adminGetMerchantsCall, url.filters, url.pager, { queryKey: ['console', 'merchants'] });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loginAs = useMutation({
    mutationFn: (row: TAdminMerchantRow) => call(adminLoginAsMerchantCall, { userId: row.id }),
    onSuccess: (answer) => {
      beginImpersonation(answer);
      queryClient.clear();
      navigate(APP_ROOT, { replace: true });
    },
  });
  return (
    <ConsolePage
      title="Merchants"
      help="Merchants' main accounts. Log in as a merchant to see their app as they do; everything you do there is audited."
    >
      <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={Object.keys(url.raw).length}>
        <SearchFilter
          label="Search"
          placeholder="Business, name or e-mail"
          value={draft.values.search}
          onChange={(value) => draft.set({ search: value })}
          error={draft.errors.search}
        />
      </FilterBar>
      <DataTable
        label="Merchants"
        storageKey="table.console.merchants"
        list={list}
        columns={COLUMNS}
        idAccessor="id"
        rowAttributes={(row) => ({ 'data-email': row.email })}
        actions={[
          {
            label: 'Log in as merchant',
            onClick: (row) => loginAs.mutate(row),
            busy: (row) => loginAs.isPending && loginAs.variables?.id === row.id,
            // An inactive or suspended merchant cannot sign in, so no one signs in as them either.
            hidden: (row) => isBlockedUserStatus(row.status),
          },
          { label: 'Card fees', onClick: (row) => navigate(`${CONSOLE_PATHS.merchantFees}?id=${row.id}`) },
        ]}
      />
    </ConsolePage>
  );
}
