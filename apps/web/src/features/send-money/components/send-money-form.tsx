// The amount form of screen 13. After Back from the confirm step it starts from what was sent.
import { Button, Card, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import type { TWallet } from '@paywallet/contract';
import { requiredField } from '../../../components/required.ts';
import { WalletSelectControl } from '../../../components/wallet-select-field.tsx';
import { defaultWallet } from '../../../hooks/use-wallet-list.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { localState } from '../../../lib/storage.ts';
import type { SendMoneyRecipientState } from '../../../lib/storage.ts';
import { useInitiateSendMoney } from '../api/send-money-calls.ts';
import { SEND_MONEY_FIELDS, SEND_MONEY_WIRE_NAMES, ZSendMoneyForm } from '../send-money-form.ts';
import type { TSendMoneyFormIn, TSendMoneyFormOut } from '../send-money-form.ts';

function startingValues(recipient: SendMoneyRecipientState, wallets: readonly TWallet[]): TSendMoneyFormIn {
  const draft = localState.get('sendMoneyQuote');
  if (draft && draft.emailOrPhone === recipient.emailOrPhone && wallets.some((wallet) => wallet.id === draft.walletId)) {
    return { amount: draft.amountText, walletId: String(draft.walletId), deductCharges: draft.deductCharges };
  }
  const wallet = defaultWallet(wallets);
  return { amount: '', walletId: wallet ? String(wallet.id) : '', deductCharges: false };
}

export function SendMoneyForm({ recipient, wallets }: { recipient: SendMoneyRecipientState; wallets: readonly TWallet[] }) {
  const navigate = useNavigate();
  const initiate = useInitiateSendMoney();
  const form = useForm<TSendMoneyFormIn, unknown, TSendMoneyFormOut>({
    resolver: zodResolver(ZSendMoneyForm),
    mode: 'onChange',
    defaultValues: startingValues(recipient, wallets),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    initiate.mutate(
      {
        emailOrPhone: recipient.emailOrPhone,
        amount: values.amount,
        deductChargesFromTransactionAmount: values.deductCharges ? 1 : 0,
        payerAccountId: values.walletId,
      },
      {
        onSuccess: (quote) => {
          localState.set('sendMoneyQuote', {
            quote,
            emailOrPhone: recipient.emailOrPhone,
            amountText: form.getValues('amount'),
            walletId: values.walletId,
            deductCharges: values.deductCharges,
          });
          navigate('/app/send-money/confirm');
        },
        onError: (error) => applyServerFieldErrors(form.setError, error, SEND_MONEY_FIELDS, SEND_MONEY_WIRE_NAMES),
      },
    ),
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Email or Phone" value={recipient.emailOrPhone} readOnly variant="filled" aria-readonly="true" />
          <TextInput
            label="Amount"
            inputMode="decimal"
            placeholder="0.00"
            autoComplete="off"
            {...requiredField}
            error={errors.amount?.message}
            {...form.register('amount')}
          />
          <WalletSelectControl control={form.control} name="walletId" label="Wallet" wallets={wallets} loading={false} />
          <Controller
            control={form.control}
            name="deductCharges"
            render={({ field }) => (
              <Checkbox
                label="Deduct charges from transaction amount"
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => navigate('/app/send-money')} disabled={initiate.isPending}>
              Back
            </Button>
            <Button type="submit" loading={initiate.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
