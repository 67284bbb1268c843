// The amount form of screen 13. After Back from the confirm step it starts from what was sent.
// Send prices the payment (initiate-send-money answers a quote) and opens the confirm step.
import { Card, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { initiateSendMoneyCall } from '@paywallet/contract';
import type { TWallet } from '@paywallet/contract';
import { AmountField } from '../../../components/form/amount-field.tsx';
import { CheckboxField } from '../../../components/form/choice-fields.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { WalletSelectField } from '../../../components/wallet-select-field.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { preselectedWallet } from '../../../hooks/use-wallet-list.ts';
import { PATHS } from '../../../lib/paths.ts';
import { localState } from '../../../lib/storage.ts';
import type { SendMoneyRecipientState } from '../../../lib/storage.ts';
import { SEND_MONEY_REFUSAL_FIELDS, SEND_MONEY_WIRE_NAMES, toInitiateSendMoney, ZSendMoneyForm } from '../send-money-form.ts';
import type { TSendMoneyFormIn } from '../send-money-form.ts';

function startingValues(recipient: SendMoneyRecipientState, wallets: readonly TWallet[]): TSendMoneyFormIn {
  const draft = localState.get('sendMoneyQuote');
  if (draft && draft.emailOrPhone === recipient.emailOrPhone && wallets.some((wallet) => wallet.id === draft.walletId)) {
    return { amount: draft.amountText, walletId: String(draft.walletId), deductCharges: draft.deductCharges };
  }
  const wallet = preselectedWallet(wallets);
  return { amount: '', walletId: wallet ? String(wallet.id) : '', deductCharges: false };
}

export function SendMoneyForm({ recipient, wallets }: { recipient: SendMoneyRecipientState; wallets: readonly TWallet[] }) {
  const navigate = useNavigate();
  const { form, control, formProps, pending } = useContractForm({
    call: initiateSendMoneyCall,
    schema: ZSendMoneyForm,
    toRequest: (values) => toInitiateSendMoney(recipient.emailOrPhone, values),
    defaultValues: startingValues(recipient, wallets),
    wireNames: SEND_MONEY_WIRE_NAMES,
    refusalFields: SEND_MONEY_REFUSAL_FIELDS,
    onSuccess: (quote, values) => {
      localState.set('sendMoneyQuote', {
        quote,
        emailOrPhone: recipient.emailOrPhone,
        amountText: form.getValues('amount'),
        walletId: values.walletId,
        deductCharges: values.deductCharges,
      });
      navigate(PATHS.sendMoneyConfirm);
    },
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form {...formProps}>
        <Stack gap="md">
          <TextInput label="Email or Phone" value={recipient.emailOrPhone} readOnly variant="filled" aria-readonly="true" />
          <AmountField control={control} name="amount" />
          <WalletSelectField control={control} name="walletId" label="Wallet" wallets={wallets} loading={false} />
          <CheckboxField control={control} name="deductCharges" label="Deduct charges from transaction amount" />
          <FormActions submitLabel="Send" pending={pending} back={{ onClick: () => navigate(PATHS.sendMoney) }} />
        </Stack>
      </form>
    </Card>
  );
}
