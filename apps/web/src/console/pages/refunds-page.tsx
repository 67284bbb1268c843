// The refund queue: every merchant's refund requests, Pending first by default, with the
// merchant; Approve makes a refund Initiated while a job moves its money (then Processed),
// Reject ends it with the comment the merchant reads (DECISIONS 17, 32).
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminGetRefundRequestsCall,
  adminProcessRefundCall,
  REFUND_REQUEST_STATUS,
  ZAdminGetRefundRequestsRequest,
  type TAdminRefundRow,
} from '@paywallet/contract';
import { formatAmount } from '../../components/amount.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../components/data-table/types.ts';
import { FilterBar } from '../../components/filters/filter-bar.tsx';
import { SearchFilter } from '../../components/filters/search-filter.tsx';
import { refundColumns } from '../../components/refund-columns.tsx';
import { REFUND_STATUS_OPTIONS } from '../../components/refund-status.tsx';
import { useListQuery } from '../../hooks/use-list-query.ts';
import { useUrlFilters } from '../../hooks/use-url-filters.ts';
import { ALL_STATUSES, queueFilters } from '../console-filters.ts';
import { ConsolePage, PersonCell } from '../components/console-page.tsx';
import { ReviewModal } from '../components/review-modal.tsx';
import { useLiveFilters } from '../components/use-live-filters.ts';

const ZRefundQueueUrlFilters = z.object({
  status: z.union([z.literal(ALL_STATUSES), ZAdminGetRefundRequestsRequest.shape.status.unwrap()]).optional(),
  search: ZAdminGetRefundRequestsRequest.shape.search,
});

const STATUS_OPTIONS = [{ value: ALL_STATUSES, label: 'All statuses' }, ...REFUND_STATUS_OPTIONS];

const DECISIONS = [
  { value: String(REFUND_REQUEST_STATUS.PROCESSED), label: 'Approve' },
  { value: String(REFUND_REQUEST_STATUS.REJECTED), label: 'Reject' },
];

const SHARED = refundColumns<TAdminRefundRow>();

/** The shared refund columns with the merchant who asked, which only the console shows. */
const COLUMNS: DataColumn<TAdminRefundRow>[] = [
  SHARED.refundId,
  { accessor: 'merchant', title: 'Merchant', render: (row) => <PersonCell person={row.merchant} /> },
  SHARED.transactionId,
  SHARED.amount,
  SHARED.status,
  SHARED.description,
  SHARED.createdAt,
];

export function ConsoleRefundsPage() {
  const url = useUrlFilters(ZRefundQueueUrlFilters, { namespace: 'refunds' });
  const draft = useLiveFilters(ZRefundQueueUrlFilters, url);
  const [deciding, setDeciding] = useState<TAdminRefundRow | null>(null);
  const queryClient = useQueryClient();
  const filters = queueFilters(url.filters, REFUND_REQUEST_STATUS.PENDING);
  const list = useListQuery(adminGetRefundRequestsCall, filters, url.pager, { queryKey: ['console', 'refunds'] });
  return (
    <ConsolePage
      title="Refunds"
      help="Approve or reject the refunds merchants ask for. An approved refund is paid back to the card by a job."
    >
      <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={Object.keys(url.raw).length}>
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={draft.values.status ?? String(REFUND_REQUEST_STATUS.PENDING)}
          allowDeselect={false}
          onChange={(value) => draft.set({ status: value ?? undefined })}
          error={draft.errors.status}
        />
        <SearchFilter
          label="Search"
          placeholder="Refund, transaction or merchant"
          value={draft.values.search}
          onChange={(value) => draft.set({ search: value })}
          error={draft.errors.search}
        />
      </FilterBar>
      <DataTable
        label="Refund requests"
        storageKey="table.console.refunds"
        list={list}
        columns={COLUMNS}
        idAccessor="id"
        rowAttributes={(row) => ({ 'data-refund-id': row.id })}
        actions={[{ label: 'Process', onClick: setDeciding, hidden: (row) => row.status !== REFUND_REQUEST_STATUS.PENDING }]}
      />
      <ReviewModal
        opened={deciding !== null}
        title="Process refund"
        subject={
          deciding
            ? `A refund of ${formatAmount(deciding.amount, deciding.refunded_transaction.currency.code)} asked by ${deciding.merchant.business_name ?? deciding.merchant.email}.`
            : ''
        }
        call={adminProcessRefundCall}
        target={{ refundId: deciding?.id ?? 0 }}
        choices={DECISIONS}
        onClose={() => setDeciding(null)}
        onDone={() => {
          setDeciding(null);
          void queryClient.invalidateQueries({ queryKey: ['console'] });
        }}
      />
    </ConsolePage>
  );
}
