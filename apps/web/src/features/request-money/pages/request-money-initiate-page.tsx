// Screen 16: ask someone for money. The wallet list loads about 1 s after the screen opens
// (spec 1 section 9); the chosen wallet is then preselected. Send goes back to the list.
import { useEffect, useMemo } from 'react';
import { Card, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { initiateRequestMoneyCall } from '@paywallet/contract';
import { AmountField } from '../../../components/form/amount-field.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { TextareaField, TextField } from '../../../components/form/text-field.tsx';
import { ErrorState } from '../../../components/query-states.tsx';
import { WalletSelectField } from '../../../components/wallet-select-field.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { useDelayElapsed } from '../../../hooks/use-delay-elapsed.ts';
import { paymentWallets, preselectedWallet, useWalletList } from '../../../hooks/use-wallet-list.ts';
import { forgetMoneyRequests } from '../api/money-request-calls.ts';
import { WALLET_LIST_DELAY_MS } from '../request-money-timing.ts';
import {
  NOTES_CHARS_MAX,
  REQUEST_MONEY_REFUSAL_FIELDS,
  REQUEST_MONEY_WIRE_NAMES,
  toInitiateRequestMoney,
  ZRequestMoneyForm,
} from '../request-money-form.ts';

export function RequestMoneyInitiatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const walletsReady = useDelayElapsed(WALLET_LIST_DELAY_MS);
  const wallets = useWalletList({ enabled: walletsReady });
  const { form, control, formProps, pending } = useContractForm({
    call: initiateRequestMoneyCall,
    schema: ZRequestMoneyForm,
    toRequest: toInitiateRequestMoney,
    defaultValues: { emailOrPhone: '', amount: '', walletId: '', notes: '' },
    wireNames: REQUEST_MONEY_WIRE_NAMES,
    refusalFields: REQUEST_MONEY_REFUSAL_FIELDS,
    onSuccess: () => {
      forgetMoneyRequests(queryClient);
      navigate('/app/request-money');
    },
  });

  // The chosen wallet is preselected once the list is there (it may arrive after the form).
  const walletData = wallets.data;
  const walletList = useMemo(() => (walletData ? paymentWallets(walletData) : undefined), [walletData]);
  useEffect(() => {
    const wallet = walletList ? preselectedWallet(walletList) : undefined;
    if (wallet && !form.getValues('walletId')) form.setValue('walletId', String(wallet.id));
  }, [walletList, form]);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Request Money
      </Title>
      <Card withBorder radius="md" padding="lg" maw={560}>
        <form {...formProps}>
          <Stack gap="md">
            <TextField
              control={control}
              name="emailOrPhone"
              label="Email or Phone"
              placeholder="name@example.com or +971501234567"
              autoComplete="off"
              required
            />
            <AmountField control={control} name="amount" />
            <WalletSelectField
              control={control}
              name="walletId"
              label="Wallet"
              wallets={walletList}
              loading={!wallets.data && !wallets.isError}
            />
            {wallets.isError && (
              <ErrorState title="Your wallets could not be loaded" message={wallets.error.message} onRetry={() => void wallets.refetch()} />
            )}
            <TextareaField control={control} name="notes" label="Notes" autosize minRows={2} maxRows={5} maxLength={NOTES_CHARS_MAX} />
            <FormActions submitLabel="Send" pending={pending} back={{ onClick: () => navigate('/app/request-money') }} />
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
