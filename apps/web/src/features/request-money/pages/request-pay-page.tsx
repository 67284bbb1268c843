// Answering a request (route user-request-send-money-initiate): the requester and the amount
// are fixed; the payer picks a wallet in the request's currency and who pays the charges.
// Confirm prices the payment and goes to the confirm step.
import { Alert, Card, Stack, TextInput, Title } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router-dom';
import { initiateSendMoneyCall } from '@paywallet/contract';
import type { TReceivedMoneyRequest, TWallet } from '@paywallet/contract';
import { formatAmount } from '../../../components/amount.tsx';
import { CheckboxField } from '../../../components/form/choice-fields.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { WalletSelectField } from '../../../components/wallet-select-field.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { useLocalStateSnapshot } from '../../../hooks/use-local-state.ts';
import { paymentWallets, preselectedWallet, useWalletList } from '../../../hooks/use-wallet-list.ts';
import { PATHS, withRouteParams } from '../../../lib/paths.ts';
import { localState } from '../../../lib/storage.ts';
import { PAY_REQUEST_REFUSAL_FIELDS, PAY_REQUEST_WIRE_NAMES, ZPayRequestForm } from '../request-money-form.ts';
import type { TPayRequestFormIn } from '../request-money-form.ts';

const BACK_TO_LIST = '/app/request-money?tab=user';

export function RequestPayPage() {
  const request = useLocalStateSnapshot('requestSendMoney');
  const wallets = useWalletList();
  if (!request) return <Navigate to={BACK_TO_LIST} replace />;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Pay Request
      </Title>
      {wallets.isPending && <LoadingState rows={4} label="Loading your wallets…" />}
      {wallets.isError && (
        <ErrorState title="Your wallets could not be loaded" message={wallets.error.message} onRetry={() => void wallets.refetch()} />
      )}
      {wallets.isSuccess && <PayRequestForm request={request} wallets={paymentWallets(wallets.data)} />}
    </Stack>
  );
}

function startingValues(request: TReceivedMoneyRequest, wallets: readonly TWallet[]): TPayRequestFormIn {
  const draft = localState.get('requestSendMoneyQuote');
  if (draft && draft.requestId === request.id && wallets.some((wallet) => wallet.id === draft.walletId)) {
    return { walletId: String(draft.walletId), deductCharges: draft.deductCharges };
  }
  const wallet = preselectedWallet(wallets);
  return { walletId: wallet ? String(wallet.id) : '', deductCharges: false };
}

function PayRequestForm({ request, wallets }: { request: TReceivedMoneyRequest; wallets: readonly TWallet[] }) {
  const navigate = useNavigate();
  const currency = request.user_account.currency.code;
  const payable = wallets.filter((wallet) => wallet.currency.code === currency);
  const requester = request.user_account.user.email;
  const { control, formProps, pending } = useContractForm({
    call: initiateSendMoneyCall,
    schema: ZPayRequestForm,
    toRequest: (values) => ({
      emailOrPhone: requester,
      amount: request.amount,
      deductChargesFromTransactionAmount: values.deductCharges ? 1 : 0,
      payerAccountId: values.walletId,
      request_id: request.id,
    }),
    defaultValues: startingValues(request, payable),
    wireNames: PAY_REQUEST_WIRE_NAMES,
    refusalFields: PAY_REQUEST_REFUSAL_FIELDS,
    onSuccess: (quote, values) => {
      localState.set('requestSendMoneyQuote', {
        quote,
        requestId: request.id,
        amountText: '',
        walletId: values.walletId,
        deductCharges: values.deductCharges,
      });
      navigate(withRouteParams(PATHS.requestMoneyPayConfirm, { emailOrPhone: requester }));
    },
  });

  return (
    <Card withBorder radius="md" padding="lg" maw={560}>
      <form {...formProps}>
        <Stack gap="md">
          <TextInput label="Email or Phone" value={requester} readOnly variant="filled" aria-readonly="true" />
          <TextInput label="Amount" value={formatAmount(request.amount, currency)} readOnly variant="filled" aria-readonly="true" />
          {request.notes && <TextInput label="Notes" value={request.notes} readOnly variant="filled" aria-readonly="true" />}
          {payable.length === 0 && (
            <Alert color="orange" variant="light">
              You have no {currency} wallet to pay this request from.
            </Alert>
          )}
          <WalletSelectField control={control} name="walletId" label="Wallet" wallets={payable} loading={false} />
          <CheckboxField control={control} name="deductCharges" label="Deduct charges from transaction amount" />
          <FormActions
            submitLabel="Confirm"
            pending={pending}
            disabled={payable.length === 0}
            back={{ onClick: () => navigate(BACK_TO_LIST) }}
          />
        </Stack>
      </form>
    </Card>
  );
}
