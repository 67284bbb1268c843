// Add refund request (route `refund/create`): Transaction Id and Amount (and a description),
// Create and Back. A refund created refreshes the wallets and goes to the Refund requests screen.
import { Card, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { createRefundRequestCall } from '@paywallet/contract';
import { AmountField } from '../../../components/form/amount-field.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { TextareaField, TextField } from '../../../components/form/text-field.tsx';
import { refreshAfterMoneyMoved } from '../../../hooks/money-moved.ts';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { REFUNDS_QUERY_KEY } from '../api/refund-calls.ts';
import { toAddRefundRequest, ZAddRefundForm } from '../refund-forms.ts';

export function RefundCreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, formProps, pending } = useContractForm({
    call: createRefundRequestCall,
    schema: ZAddRefundForm,
    toRequest: toAddRefundRequest,
    defaultValues: { transactionId: '', amount: '', description: '' },
    onSuccess: async () => {
      await Promise.all([refreshAfterMoneyMoved(queryClient), queryClient.invalidateQueries({ queryKey: REFUNDS_QUERY_KEY })]);
      navigate(MERCHANT_PATHS.refund);
    },
  });
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Add Refund Request
      </Title>
      <Card withBorder radius="md" padding="lg" maw={560}>
        <form {...formProps}>
          <Stack gap="md">
            <TextField control={control} name="transactionId" label="Transaction Id" autoComplete="off" required />
            <AmountField control={control} name="amount" />
            <TextareaField control={control} name="description" label="Description" autosize minRows={2} maxRows={5} />
            <FormActions submitLabel="Create" pending={pending} back={{ label: 'Back', onClick: () => navigate(MERCHANT_PATHS.refund) }} />
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
