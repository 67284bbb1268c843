// Screen 18's form. The chosen wallet is preselected; the allowed payment methods load for
// its currency and the first is preselected; the fee line shows the method's charges.
// Submit checks balance and limits, keeps the quote, and goes to the card step.
import { useEffect } from 'react';
import { Card, Stack, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { checkBalanceAndLimitsCall } from '@paywallet/contract';
import type { TWallet } from '@paywallet/contract';
import { AmountField } from '../../../components/form/amount-field.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { ErrorState } from '../../../components/query-states.tsx';
import { WalletSelectField } from '../../../components/wallet-select-field.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { preselectedWallet } from '../../../hooks/use-wallet-list.ts';
import { localState } from '../../../lib/storage.ts';
import { usePaymentMethods } from '../api/deposit-calls.ts';
import { depositFeeText, depositLimitsText, privilegeFor } from '../deposit-fee.ts';
import { DEPOSIT_REFUSAL_FIELDS, DEPOSIT_WIRE_NAMES, toBalanceAndLimitsCheck, ZDepositForm } from '../deposit-form.ts';
import type { TDepositFormIn } from '../deposit-form.ts';

function startingValues(wallets: readonly TWallet[]): TDepositFormIn {
  const draft = localState.get('balanceLimitQuote');
  if (draft && wallets.some((wallet) => wallet.id === draft.walletId)) {
    return { walletId: String(draft.walletId), paymentMethodId: String(draft.paymentMethodId), amount: draft.amountText };
  }
  const wallet = preselectedWallet(wallets);
  return { walletId: wallet ? String(wallet.id) : '', paymentMethodId: '', amount: '' };
}

export function DepositForm({ wallets }: { wallets: readonly TWallet[] }) {
  const navigate = useNavigate();
  const { form, control, formProps, pending } = useContractForm({
    call: checkBalanceAndLimitsCall,
    schema: ZDepositForm,
    toRequest: toBalanceAndLimitsCheck,
    defaultValues: startingValues(wallets),
    wireNames: DEPOSIT_WIRE_NAMES,
    refusalFields: DEPOSIT_REFUSAL_FIELDS,
    // The next screen shows the quote; a toast saying so would only cover it.
    callOptions: { successToast: false },
    onSuccess: (quote, values) => {
      localState.set('balanceLimitQuote', {
        quote,
        amountText: form.getValues('amount'),
        walletId: values.walletId,
        paymentMethodId: values.paymentMethodId,
        paymentMethodName: methods.data?.find((item) => item.id === values.paymentMethodId)?.name ?? '',
      });
      navigate('/app/deposit-money/initiate');
    },
  });
  const [walletId, paymentMethodId] = useWatch({ control, name: ['walletId', 'paymentMethodId'] });
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

  const noMethods = methods.isSuccess && methods.data.length === 0;
  return (
    <Card withBorder radius="md" padding="lg" maw={560}>
      <form {...formProps}>
        <Stack gap="md">
          <WalletSelectField control={control} name="walletId" label="Account" wallets={wallets} loading={false} />
          <SelectField
            control={control}
            name="paymentMethodId"
            label="Mode of Payment"
            required
            loading={methods.isFetching}
            placeholder={
              methods.isFetching ? 'Loading payment methods…' : noMethods ? 'No payment methods available' : 'Choose a payment method'
            }
            data={(methods.data ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
            disabled={!methods.isSuccess || noMethods}
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
          <AmountField
            control={control}
            name="amount"
            description={privilege && wallet ? depositLimitsText(privilege, wallet.currency.code) : undefined}
          />
          <FormActions submitLabel="Submit" pending={pending} disabled={!method} />
        </Stack>
      </form>
    </Card>
  );
}
