// A merchant's card fee schedule (route /console/merchant-fees?id=<merchant>): per card scheme
// and currency, a percentage of the payment and a fixed part; VAT is added on the fee at the
// platform's rate. Edit or add a fee in a modal; every change is audited by the server. A scheme
// without a fee in a currency takes no payment there.
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { adminGetFeeScheduleCall, adminUpdateFeeScheduleCall, MESSAGES, type TMerchantFeeRow } from '@paywallet/contract';
import { call } from '../../api/client.ts';
import { CONSOLE_PATHS, idParam } from '../../lib/paths.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../components/data-table/types.ts';
import { CheckboxField } from '../../components/form/choice-fields.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { EmptyState } from '../../components/query-states.tsx';
import { useContractForm } from '../../hooks/use-contract-form.ts';
import type { ListView } from '../../hooks/use-list-query.ts';
import { ConsolePage } from '../components/console-page.tsx';

const FEES_QUERY_KEY = ['console', 'merchant-fees'] as const;

type Schedule = { merchantId: number; fees: TMerchantFeeRow[]; schemes: Array<{ id: number; name: string; code: string }> };

/**
 * The schedule as the kit's table reads a list: it comes whole in one answer (a few schemes times
 * a few currencies), so there is no page to turn and nothing more to load.
 */
function feeList(schedule: UseQueryResult<Schedule>): ListView<TMerchantFeeRow> {
  const rows = schedule.data?.fees ?? [];
  return {
    rows,
    total: schedule.data ? rows.length : undefined,
    phase: schedule.data ? 'ready' : schedule.isError ? 'error' : 'loading',
    error: schedule.error,
    fetching: schedule.isFetching,
    retry: () => void schedule.refetch(),
    paging: { mode: 'load-more', hasMore: false, loadingMore: false, loadMore: () => undefined },
  };
}

export function ConsoleMerchantFeesPage() {
  const [params] = useSearchParams();
  const merchantId = idParam(params.get('id'));
  const schedule = useQuery({
    queryKey: [...FEES_QUERY_KEY, merchantId],
    enabled: merchantId !== undefined,
    queryFn: ({ signal }): Promise<Schedule> => call(adminGetFeeScheduleCall, { merchantId: merchantId! }, { signal }),
  });
  const [editing, setEditing] = useState<TMerchantFeeRow | 'new' | null>(null);
  return (
    <ConsolePage
      title="Card fees"
      help="What the merchant pays on a card payment, per card scheme and currency: a percentage of the amount plus a fixed fee, with VAT on the fee. A scheme with no fee in a currency is declined there."
    >
      <Anchor component={Link} to={CONSOLE_PATHS.merchants} size="sm">
        Back to merchants
      </Anchor>
      {merchantId === undefined ? (
        <EmptyState message="No merchant was chosen. Open Card fees from the Merchants list." />
      ) : (
        <Stack gap="sm">
          {schedule.isSuccess && (
            <Group justify="flex-end">
              <Button onClick={() => setEditing('new')}>Add fee</Button>
            </Group>
          )}
          {schedule.isSuccess && schedule.data.fees.length === 0 ? (
            <EmptyState message="No fee schedule yet: this merchant cannot take card payments." />
          ) : (
            <FeeTable list={feeList(schedule)} onEdit={setEditing} />
          )}
          {schedule.isSuccess && (
            <Modal
              opened={editing !== null}
              onClose={() => setEditing(null)}
              title={editing === 'new' ? 'Add fee' : 'Edit fee'}
              centered
              closeButtonProps={{ 'aria-label': 'Close' }}
            >
              {editing !== null && (
                <FeeForm
                  merchantId={schedule.data.merchantId}
                  schemes={schedule.data.schemes}
                  fee={editing === 'new' ? null : editing}
                  onDone={() => setEditing(null)}
                />
              )}
            </Modal>
          )}
        </Stack>
      )}
    </ConsolePage>
  );
}

/** The schedule on the kit's table (a card per fee at phone width), each row's Edit named by its fee. */
function FeeTable({ list, onEdit }: { list: ListView<TMerchantFeeRow>; onEdit: (fee: TMerchantFeeRow) => void }) {
  const columns: DataColumn<TMerchantFeeRow>[] = [
    { accessor: 'schemeName', title: 'Scheme' },
    { accessor: 'currency', title: 'Currency' },
    { accessor: 'percentage', title: 'Percentage', textAlign: 'right', render: (fee) => `${fee.percentage}%` },
    { accessor: 'fixedText', title: 'Fixed', textAlign: 'right' },
    {
      accessor: 'active',
      title: 'Status',
      render: (fee) => (
        <Badge color={fee.active ? 'green' : 'gray'} variant="light">
          {fee.active ? 'Active' : 'Off'}
        </Badge>
      ),
    },
    {
      accessor: 'edit',
      title: 'Action',
      textAlign: 'right',
      toggleable: false,
      render: (fee) => (
        <Button size="xs" variant="light" onClick={() => onEdit(fee)} aria-label={`Edit ${fee.schemeName} ${fee.currency}`}>
          Edit
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label="Card fees"
      storageKey="table.console.merchant-fees"
      list={list}
      columns={columns}
      idAccessor="id"
      rowAttributes={(fee) => ({ 'data-fee': `${fee.schemeCode}-${fee.currency}` })}
    />
  );
}

/** Percent with up to two decimals ('2.5' -> 250 basis points), 0 to 100. */
const zPercentText = z
  .string()
  .trim()
  .min(1, MESSAGES.required('percentage'))
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'The percentage must be a number with at most 2 decimals')
  .transform((text) => Math.round(Number(text) * 100))
  .refine((bps) => bps <= 10_000, 'The percentage cannot exceed 100');
/** A fixed fee in major units ('1.00' -> 100), zero allowed. */
const zFixedText = z
  .string()
  .trim()
  .min(1, MESSAGES.required('fixed fee'))
  .regex(/^\d{1,9}(\.\d{1,2})?$/, MESSAGES.decAmount)
  .transform((text) => Math.round(Number(text) * 100));

const ZFeeForm = z.object({
  schemeId: z.string().min(1, MESSAGES.required('card scheme')),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'The currency must be a 3-letter code'),
  percentage: zPercentText,
  fixed: zFixedText,
  active: z.boolean(),
});

function FeeForm({
  merchantId,
  schemes,
  fee,
  onDone,
}: {
  merchantId: number;
  schemes: Schedule['schemes'];
  fee: TMerchantFeeRow | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const { control, formProps, pending } = useContractForm({
    call: adminUpdateFeeScheduleCall,
    schema: ZFeeForm,
    toRequest: (values) => ({
      merchantId,
      fees: [
        {
          schemeId: Number(values.schemeId),
          currency: values.currency.toUpperCase(),
          percentageBps: values.percentage,
          fixed: values.fixed,
          active: values.active,
        },
      ],
    }),
    defaultValues: {
      schemeId: fee ? String(fee.schemeId) : '',
      currency: fee?.currency ?? 'AED',
      percentage: fee ? String(fee.percentage) : '',
      fixed: fee ? fee.fixedText.replace(/,/g, '') : '0.00',
      active: fee?.active ?? true,
    },
    refusalFields: { MERCHANT_FEE_INVALID: 'currency' },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: FEES_QUERY_KEY });
      onDone();
    },
  });
  return (
    <form {...formProps}>
      <Stack gap="sm">
        <SelectField
          control={control}
          name="schemeId"
          label="Card scheme"
          data={schemes.map((scheme) => ({ value: String(scheme.id), label: scheme.name }))}
          disabled={fee !== null}
          required
        />
        <TextField control={control} name="currency" label="Currency" maxLength={3} disabled={fee !== null} required />
        <TextField control={control} name="percentage" label="Percentage (%)" inputMode="decimal" required />
        <TextField control={control} name="fixed" label="Fixed fee" inputMode="decimal" required />
        <CheckboxField control={control} name="active" label="Active" />
        <Text size="xs" c="dimmed">
          VAT is added on the fee at the platform&apos;s VAT rate.
        </Text>
        <FormActions submitLabel="Save" pending={pending} back={{ label: 'Cancel', onClick: onDone, placement: 'end' }} />
      </Stack>
    </form>
  );
}
