// Screen 18's form. The default wallet is preselected; the allowed payment methods load for
// its currency and the first is preselected; the fee line shows the method's charges.
// Submit checks balance and limits, keeps the quote, and goes to the card step.
import { useEffect } from 'react';
import { Button, Card, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import type { TWallet } from '@paywallet/contract';
import { ErrorState } from '../../../components/query-states.tsx';
import { requiredField } from '../../../components/required.ts';
import { WalletSelectControl } from '../../../components/wallet-select-field.tsx';
import { defaultWallet } from '../../../hooks/use-wallet-list.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { localState } from '../../../lib/storage.ts';
import { useCheckBalanceAndLimits, usePaymentMethods } from '../api/deposit-calls.ts';
import { depositFeeText, depositLimitsText, privilegeFor } from '../deposit-fee.ts';
import { DEPOSIT_FIELDS, DEPOSIT_WIRE_NAMES, ZDepositForm } from '../deposit-form.ts';
import type { TDepositFormIn, TDepositFormOut } from '../deposit-form.ts';

function startingValues(wallets: readonly TWallet[]): TDepositFormIn {
  const draft = localState.get('balanceLimitQuote');
  if (draft && wallets.some((wallet) => wallet.id === draft.walletId)) {
    return { walletId: String(draft.walletId), paymentMethodId: String(draft.paymentMethodId), amount: draft.amountText };
  }
  const wallet = defaultWallet(wallets);
  return { walletId: wallet ? String(wallet.id) : '', paymentMethodId: '', amount: '' };
}

export function DepositForm({ wallets }: { wallets: readonly TWallet[] }) {
  const navigate = useNavigate();
  const check = useCheckBalanceAndLimits();
  const form = useForm<TDepositFormIn, unknown, TDepositFormOut>({
    resolver: zodResolver(ZDepositForm),
    mode: 'onChange',
    defaultValues: startingValues(wallets),
  });
  const { errors } = form.formState;
  const [walletId, paymentMethodId] = useWatch({ control: form.control, name: ['walletId', 'paymentMethodId'] });
  const wallet = wallets.find((item) => String(item.id) === walletId);
  const methods = usePaymentMethods(wallet?.currency_id);
  const method = methods.data?.find((item) => String(item.id) === paymentMethodId);
  const privilege = method && wallet ? privilegeFor(method, wallet.currency_id) : undefined;

  // The first allowed method is preselected whenever the list changes (another wallet).
  const methodList = methods.data;
  useEffect(() => {
    if (!methodList) return;
    const current = form.getValues('paymentMethodId');
    if (!methodList.some((item) => String(item.id) === current)) {
      form.setValue('paymentMethodId', methodList[0] ? String(methodList[0].id) : '');
    }
  }, [methodList, form]);

  const onSubmit = form.handleSubmit((values) =>
    check.mutate(
      { amount: values.amount, userAccountId: values.walletId, paymentMethodId: values.paymentMethodId, type: 'DEPOSIT' },
      {
        onSuccess: (quote) => {
          localState.set('balanceLimitQuote', {
            quote,
            amountText: form.getValues('amount'),
            walletId: values.walletId,
            paymentMethodId: values.paymentMethodId,
            paymentMethodName: methods.data?.find((item) => item.id === values.paymentMethodId)?.name ?? '',
          });
          navigate('/app/deposit-money/initiate');
        },
        onError: (error) => applyServerFieldErrors(form.setError, error, DEPOSIT_FIELDS, DEPOSIT_WIRE_NAMES),
      },
    ),
  );

  const noMethods = methods.isSuccess && methods.data.length === 0;
  return (
    <Card withBorder radius="md" padding="lg" maw={560}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <WalletSelectControl control={form.control} name="walletId" label="Account" wallets={wallets} loading={false} />
          <Controller
            control={form.control}
            name="paymentMethodId"
            render={({ field }) => (
              <Select
                label="Mode of Payment"
                {...requiredField}
                placeholder={
                  methods.isFetching ? 'Loading payment methods…' : noMethods ? 'No payment methods available' : 'Choose a payment method'
                }
                data={(methods.data ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                allowDeselect={false}
                disabled={!methods.isSuccess || noMethods}
                rightSection={methods.isFetching ? <Loader size="xs" /> : undefined}
                error={errors.paymentMethodId?.message}
              />
            )}
          />
          {methods.isError && (
            <ErrorState
              title="Payment methods could not be loaded"
              message={methods.error.message}
              onRetry={() => void methods.refetch()}
            />
          )}
          {noMethods && wallet && (
            <Text size="sm" c="orange.8" role="status">
              No payment method is available for {wallet.currency.code} deposits.
            </Text>
          )}
          {privilege && wallet && (
            <Text size="sm" c="dimmed" data-testid="deposit-fee">
              {depositFeeText(privilege, wallet.currency.code)}
            </Text>
          )}
          <TextInput
            label="Amount"
            inputMode="decimal"
            placeholder="0.00"
            autoComplete="off"
            {...requiredField}
            description={privilege && wallet ? depositLimitsText(privilege, wallet.currency.code) : undefined}
            error={errors.amount?.message}
            {...form.register('amount')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={check.isPending} disabled={!method}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
