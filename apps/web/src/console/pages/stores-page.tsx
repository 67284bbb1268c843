// The store review queue: every merchant's stores, Pending Approval first by default; a review
// approves (the store gets its online and POS channels), asks for changes, deactivates or
// reactivates, with the comment the merchant reads in View Comments. The review shows what it
// approves: the business details, MCC and owners with their documents.
import { useState } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  adminGetStoresCall,
  adminReviewStoreCall,
  STORE_REVIEW_MOVES,
  STORE_STATUS,
  STORE_STATUS_LABEL,
  type TAdminStoreRow,
  type TStoreStatus,
} from '@paywallet/contract';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../components/data-table/types.ts';
import { FilterBar } from '../../components/filters/filter-bar.tsx';
import { SearchFilter } from '../../components/filters/search-filter.tsx';
import { GmtDate } from '../../components/gmt-date.tsx';
import { useListQuery } from '../../hooks/use-list-query.ts';
import { useUrlFilters } from '../../hooks/use-url-filters.ts';
import { ALL_STATUSES, queueFilters, STORES_DEFAULT_STATUS, ZStoreUrlFilters } from '../console-filters.ts';
import { ConsolePage, PersonCell, StatusBadge } from '../components/console-page.tsx';
import { KycDocumentModal, type KycDocument } from '../components/kyc-document-modal.tsx';
import { ReviewModal } from '../components/review-modal.tsx';
import { StoreReviewDetails } from '../components/store-review-details.tsx';
import { useLiveFilters } from '../components/use-live-filters.ts';

const STATUS_COLOR: Readonly<Record<number, string>> = {
  [STORE_STATUS.DEACTIVE]: 'gray',
  [STORE_STATUS.ACTIVE]: 'green',
  [STORE_STATUS.REQUEST_FOR_CHANGES]: 'orange',
  [STORE_STATUS.PENDING_APPROVAL]: 'blue',
  [STORE_STATUS.DRAFT]: 'gray',
} satisfies Record<TStoreStatus, string>;
/** What a review that moves a store to a status does, by the status it moves to. */
const MOVE_LABEL: Readonly<Record<number, string>> = {
  [STORE_STATUS.DEACTIVE]: 'Deactivate',
  [STORE_STATUS.ACTIVE]: 'Approve',
  [STORE_STATUS.REQUEST_FOR_CHANGES]: 'Request changes',
};

const STATUS_OPTIONS = [
  { value: ALL_STATUSES, label: 'All statuses' },
  ...Object.entries(STORE_STATUS_LABEL).map(([value, label]) => ({ value, label })),
];

const COLUMNS: DataColumn<TAdminStoreRow>[] = [
  {
    accessor: 'name',
    title: 'Store',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {row.name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {row.code}
        </Text>
      </Stack>
    ),
  },
  { accessor: 'merchant', title: 'Merchant', render: (row) => <PersonCell person={row.merchant} /> },
  {
    accessor: 'status',
    title: 'Status',
    render: (row) => <StatusBadge label={STORE_STATUS_LABEL[row.status] ?? 'Unknown'} color={STATUS_COLOR[row.status] ?? 'gray'} />,
  },
  { accessor: 'terminals', title: 'Terminals', textAlign: 'right' },
  { accessor: 'comments', title: 'Reviews', textAlign: 'right' },
  { accessor: 'created_at', title: 'Created At', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
  { accessor: 'updated_at', title: 'Updated At', noWrap: true, render: (row) => <GmtDate value={row.updated_at} /> },
];

export function ConsoleStoresPage() {
  const url = useUrlFilters(ZStoreUrlFilters, { namespace: 'stores' });
  const draft = useLiveFilters(ZStoreUrlFilters, url);
  const [reviewing, setReviewing] = useState<TAdminStoreRow | null>(null);
  const [viewing, setViewing] = useState<KycDocument | null>(null);
  const queryClient = useQueryClient();
  const filters = queueFilters(url.filters, STORES_DEFAULT_STATUS);
  const list = useListQuery(adminGetStoresCall, filters, url.pager, { queryKey: ['console', 'stores'] });
  return (
    <ConsolePage title="Stores" help="Review the stores merchants submit for approval, and deactivate or reactivate stores.">
      <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={Object.keys(url.raw).length}>
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={draft.values.status ?? String(STORES_DEFAULT_STATUS)}
          allowDeselect={false}
          onChange={(value) => draft.set({ status: value ?? undefined })}
          error={draft.errors.status}
        />
        <SearchFilter
          label="Search"
          placeholder="Store, code or merchant"
          value={draft.values.search}
          onChange={(value) => draft.set({ search: value })}
          error={draft.errors.search}
        />
      </FilterBar>
      <DataTable
        label="Stores"
        storageKey="table.console.stores"
        list={list}
        columns={COLUMNS}
        idAccessor="id"
        rowAttributes={(row) => ({ 'data-store-id': row.id })}
        actions={[{ label: 'Review', onClick: setReviewing, hidden: (row) => (STORE_REVIEW_MOVES[row.status] ?? []).length === 0 }]}
      />
      <ReviewModal
        opened={reviewing !== null}
        title="Review store"
        subject={reviewing ? `${reviewing.name} (${reviewing.code}) is ${STORE_STATUS_LABEL[reviewing.status] ?? 'Unknown'}.` : ''}
        details={reviewing ? <StoreReviewDetails storeId={reviewing.id} onView={setViewing} /> : undefined}
        call={adminReviewStoreCall}
        target={{ storeId: reviewing?.id ?? 0 }}
        choices={(STORE_REVIEW_MOVES[reviewing?.status ?? -1] ?? []).map((to) => ({
          value: String(to),
          label: MOVE_LABEL[to] ?? String(to),
        }))}
        onClose={() => setReviewing(null)}
        onDone={() => {
          setReviewing(null);
          void queryClient.invalidateQueries({ queryKey: ['console'] });
        }}
      />
      <KycDocumentModal document={viewing} onClose={() => setViewing(null)} />
    </ConsolePage>
  );
}
