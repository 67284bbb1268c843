// Answering a request (route user-request-send-money-initiate): the requester and the amount
// are fixed; the payer picks a wallet in the request's currency and who pays the charges.
// Confirm prices the payment and goes to the confirm step.
import { Alert, Button, Card, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import type { TReceivedMoneyRequest, TWallet } from '@paywallet/contract';
import { formatAmount } from '../../../components/amount.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { WalletSelectControl } from '../../../components/wallet-select-field.tsx';
import { useLocalStateSnapshot } from '../../../hooks/use-local-state.ts';
import { defaultWallet, paymentWallets, useWalletList } from '../../../hooks/use-wallet-list.ts';
import { zChosenId } from '../../../lib/amount-input.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { localState } from '../../../lib/storage.ts';
import { usePriceRequestPayment } from '../api/money-request-calls.ts';

const ZPayRequestForm = z.object({ walletId: zChosenId('wallet'), deductCharges: z.boolean() });
type FormIn = z.input<typeof ZPayRequestForm>;
type FormOut = z.output<typeof ZPayRequestForm>;

const BACK_TO_LIST = '/app/request-money?tab=user';

export function RequestPayPage() {
  const request = useLocalStateSnapshot('requestSendMoney');
  const wallets = useWalletList();
  if (!request) return <Navigate to={BACK_TO_LIST} replace />;
  return (
    <Stack gap="lg">
      <Title order={2}>Pay Request</Title>
      {wallets.isPending && <LoadingState rows={4} label="Loading your wallets…" />}
      {wallets.isError && (
        <ErrorState title="Your wallets could not be loaded" message={wallets.error.message} onRetry={() => void wallets.refetch()} />
      )}
      {wallets.isSuccess && <PayRequestForm request={request} wallets={paymentWallets(wallets.data)} />}
    </Stack>
  );
}

function startingValues(request: TReceivedMoneyRequest, wallets: readonly TWallet[]): FormIn {
  const draft = localState.get('requestSendMoneyQuote');
  if (draft && draft.requestId === request.id && wallets.some((wallet) => wallet.id === draft.walletId)) {
    return { walletId: String(draft.walletId), deductCharges: draft.deductCharges };
  }
  const wallet = defaultWallet(wallets);
  return { walletId: wallet ? String(wallet.id) : '', deductCharges: false };
}

function PayRequestForm({ request, wallets }: { request: TReceivedMoneyRequest; wallets: readonly TWallet[] }) {
  const navigate = useNavigate();
  const price = usePriceRequestPayment();
  const currency = request.user_account.currency.code;
  const payable = wallets.filter((wallet) => wallet.currency.code === currency);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZPayRequestForm),
    defaultValues: startingValues(request, payable),
  });
  const requester = request.user_account.user.email;

  const onSubmit = form.handleSubmit((values) =>
    price.mutate(
      {
        emailOrPhone: requester,
        amount: request.amount,
        deductChargesFromTransactionAmount: values.deductCharges ? 1 : 0,
        payerAccountId: values.walletId,
        request_id: request.id,
      },
      {
        onSuccess: (quote) => {
          localState.set('requestSendMoneyQuote', {
            quote,
            requestId: request.id,
            amountText: '',
            walletId: values.walletId,
            deductCharges: values.deductCharges,
          });
          navigate('/app/request-money/pay/confirm');
        },
        onError: (error) =>
          applyServerFieldErrors(form.setError, error, ['walletId', 'deductCharges'], {
            payerAccountId: 'walletId',
            deductChargesFromTransactionAmount: 'deductCharges',
          }),
      },
    ),
  );

  return (
    <Card withBorder radius="md" padding="lg" maw={560}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Email or Phone" value={requester} readOnly variant="filled" aria-readonly="true" />
          <TextInput label="Amount" value={formatAmount(request.amount, currency)} readOnly variant="filled" aria-readonly="true" />
          {request.notes && <TextInput label="Notes" value={request.notes} readOnly variant="filled" aria-readonly="true" />}
          {payable.length === 0 && (
            <Alert color="orange" variant="light">
              You have no {currency} wallet to pay this request from.
            </Alert>
          )}
          <WalletSelectControl control={form.control} name="walletId" label="Wallet" wallets={payable} loading={false} />
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
            <Button variant="default" onClick={() => navigate(BACK_TO_LIST)} disabled={price.isPending}>
              Back
            </Button>
            <Button type="submit" loading={price.isPending} disabled={payable.length === 0}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
