// A merchant's card fee schedule (route /console/merchant-fees?id=<merchant>): per card scheme
// and currency, a percentage of the payment and a fixed part; VAT is added on the fee at the
// platform's rate. Edit or add a fee in a modal; every change is audited by the server. A scheme
// without a fee in a currency takes no payment there.
import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { adminGetMerchantFeesCall, adminUpdateMerchantFeesCall, MESSAGES, type TMerchantFeeRow } from '@paywallet/contract';
import { call } from '../../api/client.ts';
import { CONSOLE_PATHS, idParam } from '../../app/paths.ts';
import { CheckboxField } from '../../components/form/choice-fields.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states.tsx';
import { useContractForm } from '../../hooks/use-contract-form.ts';
import { usePhoneWidth } from '../../hooks/use-phone-width.ts';
import { ConsolePage } from '../components/console-page.tsx';

const FEES_QUERY_KEY = ['console', 'merchant-fees'] as const;

type Schedule = { merchantId: number; fees: TMerchantFeeRow[]; schemes: Array<{ id: number; name: string; code: string }> };

export function ConsoleMerchantFeesPage() {
  const [params] = useSearchParams();
  const merchantId = idParam(params.get('id'));
  const schedule = useQuery({
    queryKey: [...FEES_QUERY_KEY, merchantId],
    enabled: merchantId !== undefined,
    queryFn: ({ signal }): Promise<Schedule> => call(adminGetMerchantFeesCall, { merchantId: merchantId! }, { signal }),
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
      {merchantId === undefined && <EmptyState message="No merchant was chosen. Open Card fees from the Merchants list." />}
      {merchantId !== undefined && schedule.isPending && <LoadingState rows={4} label="Loading the fee schedule…" />}
      {schedule.isError && <ErrorState message={schedule.error.message} onRetry={() => void schedule.refetch()} />}
      {schedule.isSuccess && (
        <Stack gap="sm">
          <Group justify="flex-end">
            <Button onClick={() => setEditing('new')}>Add fee</Button>
          </Group>
          {schedule.data.fees.length === 0 ? (
            <EmptyState message="No fee schedule yet: this merchant cannot take card payments." />
          ) : (
            <FeeTable fees={schedule.data.fees} onEdit={setEditing} />
          )}
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
        </Stack>
      )}
    </ConsolePage>
  );
}

function FeeTable({ fees, onEdit }: { fees: TMerchantFeeRow[]; onEdit: (fee: TMerchantFeeRow) => void }) {
  const phone = usePhoneWidth();
  const status = (fee: TMerchantFeeRow) => (
    <Badge color={fee.active ? 'green' : 'gray'} variant="light">
      {fee.active ? 'Active' : 'Off'}
    </Badge>
  );
  const edit = (fee: TMerchantFeeRow) => (
    <Button size="xs" variant="light" onClick={() => onEdit(fee)} aria-label={`Edit ${fee.schemeName} ${fee.currency}`}>
      Edit
    </Button>
  );
  if (phone) {
    // At phone width each fee is a card: nothing to scroll sideways.
    return (
      <Stack gap="xs" role="list" aria-label="Card fees" data-testid="merchant-fees">
        {fees.map((fee) => (
          <Card key={fee.id} withBorder padding="sm" role="listitem" data-fee={`${fee.schemeCode}-${fee.currency}`}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {fee.schemeName} · {fee.currency}
                </Text>
                <Text size="sm">
                  {fee.percentage}% + {fee.fixedText}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                {status(fee)}
                {edit(fee)}
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped withTableBorder aria-label="Card fees" data-testid="merchant-fees">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Scheme</Table.Th>
          <Table.Th>Currency</Table.Th>
          <Table.Th ta="right">Percentage</Table.Th>
          <Table.Th ta="right">Fixed</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fees.map((fee) => (
          <Table.Tr key={fee.id} data-fee={`${fee.schemeCode}-${fee.currency}`}>
            <Table.Td>{fee.schemeName}</Table.Td>
            <Table.Td>{fee.currency}</Table.Td>
            <Table.Td ta="right">{fee.percentage}%</Table.Td>
            <Table.Td ta="right">{fee.fixedText}</Table.Td>
            <Table.Td>{status(fee)}</Table.Td>
            <Table.Td>{edit(fee)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
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
    call: adminUpdateMerchantFeesCall,
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
