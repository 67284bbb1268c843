// Add withdrawal method (route `add-with-drawal-methods`, spec 2): a currency (the merchant's
// wallets, fetched 1 s after the screen opens), a method of that currency's catalogue, then the
// method's own fields (required when the field says so). Add saves it; Back returns to the
// Withdrawals screen (DECISIONS 36).
import { useState } from 'react';
import { Card, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { addWithdrawalMethodCall, type TWallet, type TWithdrawalMethod } from '@paywallet/contract';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ErrorState } from '../../../components/query-states.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { useDelayElapsed } from '../../../hooks/use-delay-elapsed.ts';
import { paymentWallets, useWalletList, walletLabel } from '../../../hooks/use-wallet-list.ts';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { METHOD_WALLETS_DELAY_MS, useCatalogueMethods, WITHDRAWALS_QUERY_KEY } from '../api/withdrawal-calls.ts';
import { buildMethodSchema, defaultMethodValues, methodFieldName, methodWireNames, toAddMethodRequest } from '../withdrawal-forms.ts';

export function AddWithdrawalMethodPage() {
  const navigate = useNavigate();
  const ready = useDelayElapsed(METHOD_WALLETS_DELAY_MS);
  const walletsQuery = useWalletList({ enabled: ready });
  const wallets = walletsQuery.data ? paymentWallets(walletsQuery.data) : undefined;
  const [walletId, setWalletId] = useState<string | null>(null);
  const [methodId, setMethodId] = useState<string | null>(null);
  const wallet = wallets?.find((item) => String(item.id) === walletId);
  const catalogue = useCatalogueMethods(wallet ? wallet.currency.id : null);
  const method = catalogue.data?.find((item) => String(item.id) === methodId);
  const back = () => navigate(MERCHANT_PATHS.withdrawals);
  const walletsLoading = wallets === undefined && !walletsQuery.isError;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Add Withdrawal Method
      </Title>
      <Card withBorder radius="md" padding="lg" maw={560}>
        <Stack gap="md">
          {walletsQuery.isError && !wallets ? (
            <ErrorState message={walletsQuery.error.message} onRetry={() => void walletsQuery.refetch()} />
          ) : (
            <Select
              label="Currency"
              required
              placeholder={walletsLoading ? 'Loading wallets…' : 'Choose a currency'}
              disabled={walletsLoading}
              data={(wallets ?? []).map((item: TWallet) => ({ value: String(item.id), label: walletLabel(item) }))}
              value={walletId}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              onChange={(value) => {
                setWalletId(value);
                setMethodId(null);
              }}
            />
          )}
          <Select
            label="Method"
            required
            placeholder={!wallet ? 'Choose a currency first' : catalogue.isPending ? 'Loading methods…' : 'Choose a method'}
            disabled={!wallet || catalogue.isPending}
            data={(catalogue.data ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
            value={methodId}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            onChange={setMethodId}
          />
          {wallet && catalogue.data?.length === 0 && <Text size="sm">No withdrawal method is offered in this currency.</Text>}
          {wallet && method ? (
            <MethodFieldsForm key={`${wallet.id}-${method.id}`} walletId={wallet.id} method={method} onBack={back} />
          ) : (
            <FormActions submitLabel="Add" pending={false} disabled back={{ label: 'Back', onClick: back }} />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

/** The chosen method's fields, in the form kit: the server's messages land on their field. */
function MethodFieldsForm({ walletId, method, onBack }: { walletId: number; method: TWithdrawalMethod; onBack: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fields = method.withdrawal_fields;
  const { control, formProps, pending } = useContractForm({
    call: addWithdrawalMethodCall,
    schema: buildMethodSchema(fields),
    toRequest: (values) => toAddMethodRequest(method.id, walletId, fields, values as Record<string, string>),
    defaultValues: defaultMethodValues(fields),
    wireNames: methodWireNames(fields),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: WITHDRAWALS_QUERY_KEY });
      navigate(MERCHANT_PATHS.withdrawals);
    },
  });
  return (
    <form {...formProps}>
      <Stack gap="md">
        {fields.map((field, index) => (
          <TextField
            key={field.Name}
            control={control}
            name={methodFieldName(index)}
            label={field.Name}
            required={field.required}
            autoComplete="off"
          />
        ))}
        <FormActions submitLabel="Add" pending={pending} back={{ label: 'Back', onClick: onBack }} />
      </Stack>
    </form>
  );
}
