// New withdrawal request (route `add-with-drawal-request`, spec 2): a wallet, one of the
// merchant's methods for it (by the payment method's name), the amount (required). Add holds
// the amount at once (the balances shown refresh) and goes to the requests tab; Back too.
import { Card, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { addNewWithdrawalCall, type TUserWithdrawalMethod, type TWallet } from '@paywallet/contract';
import { AmountField } from '../../../components/form/amount-field.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { WalletSelectField } from '../../../components/wallet-select-field.tsx';
import { refreshAfterMoneyMoved } from '../../../hooks/money-moved.ts';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { paymentWallets, useWalletList } from '../../../hooks/use-wallet-list.ts';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { useUserWithdrawalMethods, WITHDRAWALS_QUERY_KEY } from '../api/withdrawal-calls.ts';
import {
  toAddNewWithdrawal,
  WITHDRAWAL_REQUEST_REFUSAL_FIELDS,
  WITHDRAWAL_REQUEST_WIRE_NAMES,
  ZWithdrawalRequestForm,
} from '../withdrawal-forms.ts';

const REQUESTS_TAB = `${MERCHANT_PATHS.withdrawals}?tab=2`;

/** The methods a wallet may pay out to: added for it, or for any wallet of a currency that offers them. */
function methodsFor(methods: readonly TUserWithdrawalMethod[], wallet: TWallet | undefined): TUserWithdrawalMethod[] {
  if (!wallet) return [];
  return methods.filter((method) => (method.user_account_id === null ? true : method.user_account_id === wallet.id));
}

function methodLabel(method: TUserWithdrawalMethod): string {
  const iban = method.details.IBAN;
  return iban ? `${method.payment_method.name} · ${iban.slice(-8)}` : method.payment_method.name;
}

export function AddWithdrawalRequestPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const walletsQuery = useWalletList();
  const wallets = walletsQuery.data ? paymentWallets(walletsQuery.data) : undefined;
  const methodsQuery = useUserWithdrawalMethods();
  const { control, formProps, pending, form } = useContractForm({
    call: addNewWithdrawalCall,
    schema: ZWithdrawalRequestForm,
    toRequest: toAddNewWithdrawal,
    defaultValues: { walletId: '', methodId: '', amount: '' },
    wireNames: WITHDRAWAL_REQUEST_WIRE_NAMES,
    refusalFields: WITHDRAWAL_REQUEST_REFUSAL_FIELDS,
    onSuccess: async () => {
      await Promise.all([refreshAfterMoneyMoved(queryClient), queryClient.invalidateQueries({ queryKey: WITHDRAWALS_QUERY_KEY })]);
      navigate(REQUESTS_TAB);
    },
  });
  const walletId = useWatch({ control, name: 'walletId' });
  const wallet = wallets?.find((item) => String(item.id) === walletId);
  const offered = methodsFor(methodsQuery.data ?? [], wallet);
  const noMethods = methodsQuery.data !== undefined && methodsQuery.data.length === 0;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        New Withdrawal Request
      </Title>
      <Card withBorder radius="md" padding="lg" maw={560}>
        <form {...formProps}>
          <Stack gap="md">
            {noMethods && (
              <Text size="sm">
                You have no withdrawal method yet. <Link to={MERCHANT_PATHS.withdrawalMethodAdd}>Add a method</Link> first.
              </Text>
            )}
            <WalletSelectField control={control} name="walletId" label="Wallet" wallets={wallets} loading={walletsQuery.isPending} />
            <SelectField
              control={control}
              name="methodId"
              label="Method"
              required
              loading={methodsQuery.isPending}
              placeholder={!wallet ? 'Choose a wallet first' : offered.length === 0 ? 'No method for this wallet' : 'Choose a method'}
              data={offered.map((method) => ({ value: String(method.id), label: methodLabel(method) }))}
              disabled={!wallet || offered.length === 0}
              onOptionSubmit={() => form.clearErrors('methodId')}
            />
            <AmountField control={control} name="amount" />
            <FormActions submitLabel="Add" pending={pending} back={{ label: 'Back', onClick: () => navigate(REQUESTS_TAB) }} />
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
