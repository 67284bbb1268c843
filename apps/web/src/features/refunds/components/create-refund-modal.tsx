// The Create Refund modal of a transaction row (spec 2 'Refund requests'): the transaction amount,
// the processed, pending and remaining refund amounts; the amount starts at the remaining amount
// and can be changed only with Partial ticked; closing resets the form. Creating refreshes the
// wallets and the refund list, and goes to the Refund requests screen.
import { useEffect } from 'react';
import { Alert, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { createRefundRequestCall, type TRefundAmountDetails } from '@paywallet/contract';
import { CheckboxField } from '../../../components/form/choice-fields.tsx';
import { AmountField } from '../../../components/form/amount-field.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { TextareaField } from '../../../components/form/text-field.tsx';
import { formatAmount } from '../../../components/amount.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { refreshAfterMoneyMoved } from '../../../hooks/money-moved.ts';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { minorToInput } from '../../../lib/money.ts';
import { REFUNDS_QUERY_KEY, useRefundAmounts } from '../api/refund-calls.ts';
import { toCreateRefundRequest, ZCreateRefundForm } from '../refund-forms.ts';

export interface CreateRefundTarget {
  /** The payment's uuid. */
  transactionId: string;
  currency: string;
}

export function CreateRefundModal({ target, onClose }: { target: CreateRefundTarget | null; onClose: () => void }) {
  const amounts = useRefundAmounts(target?.transactionId ?? null);
  return (
    <Modal opened={target !== null} onClose={onClose} title="Create Refund" centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {target && amounts.isPending && <LoadingState />}
      {target && amounts.isError && <ErrorState onRetry={() => void amounts.refetch()} />}
      {target && amounts.data && <CreateRefundForm key={target.transactionId} target={target} amounts={amounts.data} onClose={onClose} />}
    </Modal>
  );
}

function CreateRefundForm({
  target,
  amounts,
  onClose,
}: {
  target: CreateRefundTarget;
  amounts: TRefundAmountDetails;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remainingText = minorToInput(amounts.remainingRefundAmount);
  const { control, form, formProps, pending } = useContractForm({
    call: createRefundRequestCall,
    schema: ZCreateRefundForm,
    toRequest: (values) => toCreateRefundRequest(target.transactionId, amounts.remainingRefundAmount, values),
    defaultValues: { partial: false, amount: remainingText, description: '' },
    onSuccess: async () => {
      await Promise.all([refreshAfterMoneyMoved(queryClient), queryClient.invalidateQueries({ queryKey: REFUNDS_QUERY_KEY })]);
      onClose();
      navigate(MERCHANT_PATHS.refund);
    },
  });
  const partial = form.watch('partial');
  // Without Partial the refund is the whole remaining amount: the field shows it again.
  useEffect(() => {
    if (!partial) form.setValue('amount', remainingText, { shouldValidate: true });
  }, [partial, remainingText, form]);
  const figures: Array<[string, number]> = [
    ['Transaction Amount', amounts.transactionAmount],
    ['Processed Refund Amount', amounts.processedRefundAmount],
    ['Pending Refunds Amount', amounts.pendingRefundsAmount],
    ['Remaining Refund Amount', amounts.remainingRefundAmount],
  ];
  return (
    <form {...formProps}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {figures.map(([label, minor]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600}>{formatAmount(minor, target.currency)}</Text>
            </div>
          ))}
        </SimpleGrid>
        {amounts.remainingRefundAmount <= 0 ? (
          <Alert color="yellow">Nothing remains to refund on this transaction.</Alert>
        ) : (
          <>
            <CheckboxField control={control} name="partial" label="Partial" />
            <AmountField control={control} name="amount" disabled={!partial} />
            <TextareaField control={control} name="description" label="Description" autosize minRows={2} maxRows={5} />
          </>
        )}
        <FormActions
          submitLabel="Create"
          pending={pending}
          disabled={amounts.remainingRefundAmount <= 0}
          back={{ label: 'Cancel', onClick: onClose }}
        />
      </Stack>
    </form>
  );
}
