// Screen 16: ask someone for money. The wallet list loads about 1 s after the screen opens
// (spec 1 section 9); the default wallet is then preselected. Send goes back to the list.
import { useEffect, useMemo } from 'react';
import { Button, Card, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { ErrorState } from '../../../components/query-states.tsx';
import { requiredField } from '../../../components/required.ts';
import { WalletSelectControl } from '../../../components/wallet-select-field.tsx';
import { useDelayElapsed } from '../../../hooks/use-delay-elapsed.ts';
import { defaultWallet, paymentWallets, useWalletList } from '../../../hooks/use-wallet-list.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useCreateRequest } from '../api/money-request-calls.ts';
import { WALLET_LIST_DELAY_MS } from '../request-money-timing.ts';
import { NOTES_CHARS_MAX, REQUEST_MONEY_FIELDS, REQUEST_MONEY_WIRE_NAMES, ZRequestMoneyForm } from '../request-money-form.ts';
import type { TRequestMoneyFormIn, TRequestMoneyFormOut } from '../request-money-form.ts';

export function RequestMoneyInitiatePage() {
  const navigate = useNavigate();
  const walletsReady = useDelayElapsed(WALLET_LIST_DELAY_MS);
  const wallets = useWalletList({ enabled: walletsReady });
  const create = useCreateRequest();
  const form = useForm<TRequestMoneyFormIn, unknown, TRequestMoneyFormOut>({
    resolver: zodResolver(ZRequestMoneyForm),
    mode: 'onChange',
    defaultValues: { emailOrPhone: '', amount: '', walletId: '', notes: '' },
  });
  const { errors } = form.formState;

  // The default wallet is preselected once the list is there (it may arrive after the form).
  const walletData = wallets.data;
  const walletList = useMemo(() => (walletData ? paymentWallets(walletData) : undefined), [walletData]);
  useEffect(() => {
    const wallet = walletList ? defaultWallet(walletList) : undefined;
    if (wallet && !form.getValues('walletId')) form.setValue('walletId', String(wallet.id));
  }, [walletList, form]);

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(
      { emailOrPhone: values.emailOrPhone, amount: values.amount, userAccountId: values.walletId, notes: values.notes },
      {
        onSuccess: () => navigate('/app/request-money'),
        onError: (error) => applyServerFieldErrors(form.setError, error, REQUEST_MONEY_FIELDS, REQUEST_MONEY_WIRE_NAMES),
      },
    ),
  );

  return (
    <Stack gap="lg">
      <Title order={2}>Request Money</Title>
      <Card withBorder radius="md" padding="lg" maw={560}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email or Phone"
              placeholder="name@example.com or +971501234567"
              autoComplete="off"
              {...requiredField}
              error={errors.emailOrPhone?.message}
              {...form.register('emailOrPhone')}
            />
            <TextInput
              label="Amount"
              inputMode="decimal"
              placeholder="0.00"
              autoComplete="off"
              {...requiredField}
              error={errors.amount?.message}
              {...form.register('amount')}
            />
            <WalletSelectControl
              control={form.control}
              name="walletId"
              label="Wallet"
              wallets={walletList}
              loading={!wallets.data && !wallets.isError}
            />
            {wallets.isError && (
              <ErrorState title="Your wallets could not be loaded" message={wallets.error.message} onRetry={() => void wallets.refetch()} />
            )}
            <Textarea
              label="Notes"
              autosize
              minRows={2}
              maxRows={5}
              maxLength={NOTES_CHARS_MAX}
              error={errors.notes?.message}
              {...form.register('notes')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => navigate('/app/request-money')} disabled={create.isPending}>
                Back
              </Button>
              <Button type="submit" loading={create.isPending}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
