// The withdrawal queue: every merchant's withdrawal requests, Pending first by default, with the
// merchant, filtered by status, merchant (part of its business name or e-mail, or its id) and
// days. Paid (the bank's reference, required, and a comment) moves the held amount out to the
// bank; Reject (a comment, required) gives it back to the merchant's available balance. The
// merchant is told either way.
import { useState } from 'react';
import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminGetWithdrawalsCall,
  adminProcessWithdrawalCall,
  dateRangeOrdered,
  WITHDRAWAL_STATUS,
  ZAdminGetWithdrawalsRequest,
  zReviewComment,
  type TAdminWithdrawalRow,
  type TWithdrawalDecision,
} from '@paywallet/contract';
import { Amount, formatAmount } from '../../components/amount.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../components/data-table/types.ts';
import { DateRangeFilter } from '../../components/filters/date-range-filter.tsx';
import { FilterBar } from '../../components/filters/filter-bar.tsx';
import { SearchFilter } from '../../components/filters/search-filter.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { TextareaField, TextField } from '../../components/form/text-field.tsx';
import { GmtDate } from '../../components/gmt-date.tsx';
import { useContractForm } from '../../hooks/use-contract-form.ts';
import { useListQuery } from '../../hooks/use-list-query.ts';
import { useUrlFilters } from '../../hooks/use-url-filters.ts';
import { WithdrawalDetailsModal } from '../../components/withdrawal-details-modal.tsx';
import { WITHDRAWAL_STATUS_OPTIONS, WithdrawalStatusBadge } from '../../components/withdrawal-status.tsx';
import { ALL_STATUSES } from '../console-filters.ts';
import { ConsolePage, PersonCell } from '../components/console-page.tsx';
import { useLiveFilters } from '../components/use-live-filters.ts';

const request = ZAdminGetWithdrawalsRequest.shape;
const ZWithdrawalQueueUrlFilters = z
  .object({
    status: z.union([z.literal(ALL_STATUSES), request.status.unwrap()]).optional(),
    search: request.search,
    merchantId: request.merchantId,
    fromDate: request.fromDate,
    toDate: request.toDate,
  })
  .superRefine(dateRangeOrdered);

const STATUS_OPTIONS = [{ value: ALL_STATUSES, label: 'All statuses' }, ...WITHDRAWAL_STATUS_OPTIONS];

const COLUMNS: DataColumn<TAdminWithdrawalRow>[] = [
  { accessor: 'merchant', title: 'Merchant', render: (row) => <PersonCell person={row.merchant} /> },
  {
    accessor: 'amount',
    title: 'Amount',
    textAlign: 'right',
    noWrap: true,
    render: (row) => <Amount minor={row.amount} currency={row.currency.code} size="sm" />,
  },
  { accessor: 'with_drawal_method.payment_method.name', title: 'Method', noWrap: true },
  { accessor: 'status', title: 'Status', noWrap: true, render: (row) => <WithdrawalStatusBadge status={row.status} /> },
  { accessor: 'reference_id', title: 'Reference Id', render: (row) => row.reference_id ?? 'N/A' },
  { accessor: 'created_at', title: 'Created', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
];

export function ConsoleWithdrawalsPage() {
  const url = useUrlFilters(ZWithdrawalQueueUrlFilters, { namespace: 'withdrawals' });
  const draft = useLiveFilters(ZWithdrawalQueueUrlFilters, url);
  const [deciding, setDeciding] = useState<{ row: TAdminWithdrawalRow; decision: TWithdrawalDecision } | null>(null);
  const [shown, setShown] = useState<TAdminWithdrawalRow | null>(null);
  const queryClient = useQueryClient();
  const { status = WITHDRAWAL_STATUS.PENDING, ...rest } = url.filters;
  const filters = { ...rest, ...(status === ALL_STATUSES ? {} : { status }) };
  const list = useListQuery(adminGetWithdrawalsCall, filters, url.pager, { queryKey: ['console', 'withdrawals'] });
  const pending = (row: TAdminWithdrawalRow) => row.status !== WITHDRAWAL_STATUS.PENDING;
  return (
    <ConsolePage
      title="Withdrawals"
      help="Pay the withdrawals merchants ask for, with the bank's reference, or reject them: a rejected amount goes back to the merchant's available balance."
    >
      <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={Object.keys(url.raw).length}>
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={draft.values.status ?? String(WITHDRAWAL_STATUS.PENDING)}
          allowDeselect={false}
          onChange={(value) => draft.set({ status: value ?? undefined })}
          error={draft.errors.status}
        />
        <SearchFilter
          label="Merchant"
          placeholder="Business name or e-mail"
          value={draft.values.search}
          onChange={(search) => draft.set({ search })}
          error={draft.errors.search}
        />
        <TextInput
          label="Merchant Id"
          inputMode="numeric"
          value={draft.values.merchantId ?? ''}
          onChange={(event) => draft.set({ merchantId: event.currentTarget.value || undefined })}
          error={draft.errors.merchantId}
        />
        <DateRangeFilter
          value={{ fromDate: draft.values.fromDate, toDate: draft.values.toDate }}
          onChange={(range) => draft.set({ fromDate: range.fromDate, toDate: range.toDate })}
        />
      </FilterBar>
      <DataTable
        label="Withdrawal requests"
        storageKey="table.console.withdrawals"
        list={list}
        columns={COLUMNS}
        idAccessor="id"
        rowAttributes={(row) => ({ 'data-withdrawal-id': row.id })}
        actions={[
          { label: 'View Details', onClick: setShown },
          { label: 'Paid', color: 'teal', onClick: (row) => setDeciding({ row, decision: 'paid' }), hidden: pending },
          { label: 'Reject', color: 'red', onClick: (row) => setDeciding({ row, decision: 'rejected' }), hidden: pending },
        ]}
      />
      <WithdrawalDetailsModal request={shown} onClose={() => setShown(null)} />
      <Modal
        opened={deciding !== null}
        onClose={() => setDeciding(null)}
        title={deciding?.decision === 'paid' ? 'Mark withdrawal paid' : 'Reject withdrawal'}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {deciding && (
          <DecisionForm
            row={deciding.row}
            decision={deciding.decision}
            onClose={() => setDeciding(null)}
            onDone={() => {
              setDeciding(null);
              void queryClient.invalidateQueries({ queryKey: ['console'] });
            }}
          />
        )}
      </Modal>
    </ConsolePage>
  );
}

const ZPaidForm = z.object({
  referenceId: z
    .string()
    .trim()
    .min(1, 'The reference id field is required')
    .max(100, 'The reference id may not be greater than 100 characters'),
  comment: zReviewComment,
});
const ZRejectForm = z.object({ referenceId: z.string(), comment: zReviewComment.pipe(z.string().min(1, 'The comment field is required')) });

function DecisionForm({
  row,
  decision,
  onClose,
  onDone,
}: {
  row: TAdminWithdrawalRow;
  decision: TWithdrawalDecision;
  onClose: () => void;
  onDone: () => void;
}) {
  const paid = decision === 'paid';
  const { control, formProps, pending } = useContractForm({
    call: adminProcessWithdrawalCall,
    schema: paid ? ZPaidForm : ZRejectForm,
    toRequest: (values) => ({
      withdrawalId: row.id,
      status: decision,
      ...(paid ? { referenceId: values.referenceId } : {}),
      comment: values.comment,
    }),
    defaultValues: { referenceId: '', comment: '' },
    onSuccess: onDone,
  });
  return (
    <form {...formProps}>
      <Stack gap="sm">
        <Text size="sm">
          {`A withdrawal of ${formatAmount(row.amount, row.currency.code)} asked by ${row.merchant.business_name ?? row.merchant.email} to ${row.with_drawal_method.payment_method.name} ${row.with_drawal_method.details.IBAN ?? ''}.`}
        </Text>
        {paid && <TextField control={control} name="referenceId" label="Reference Id" required autoComplete="off" />}
        <TextareaField control={control} name="comment" label="Comment" required={!paid} autosize minRows={3} maxRows={8} />
        <FormActions
          submitLabel={paid ? 'Paid' : 'Reject'}
          pending={pending}
          back={{ label: 'Cancel', onClick: onClose, placement: 'end' }}
        />
      </Stack>
    </form>
  );
}
