// Add Payment Link (route payment-link/add): currency (allowed for payment links), channel
// (store/terminal/channel, the merchant's online channels of Active stores), schemas (allowed
// for that currency and channel: changing either clears the choice and reloads them), amount,
// type, the lifetime in days, hours and minutes, and the Advance Settings toggle revealing the
// redirect and callback URLs, receipt number, e-mail, phone and description. Save creates the
// link and returns to the list; Back returns without saving.
import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Group, SimpleGrid, Stack, Switch, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { addNewPaymentLinkCall } from '@paywallet/contract';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { AmountField } from '../../../components/form/amount-field.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { RadioGroupField } from '../../../components/form/choice-fields.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextareaField, TextField } from '../../../components/form/text-field.tsx';
import { ErrorState } from '../../../components/query-states.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { channelLabel, PAYMENT_LINKS_QUERY_KEY, useLinkChannels, useLinkCurrencies, useLinkSchemes } from '../api/payment-link-calls.ts';
import { SchemesField } from '../components/schemes-field.tsx';
import { EMPTY_PAYMENT_LINK_FORM, LINK_TYPE_OPTIONS, toAddNewPaymentLink, ZPaymentLinkForm } from '../payment-link-form.ts';

const chosen = (value: string) => (value === '' ? undefined : Number(value));

export function PaymentLinkAddPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [advanced, setAdvanced] = useState(false);
  const { form, control, formProps, pending } = useContractForm({
    call: addNewPaymentLinkCall,
    schema: ZPaymentLinkForm,
    toRequest: toAddNewPaymentLink,
    defaultValues: EMPTY_PAYMENT_LINK_FORM,
    refusalFields: {
      CHANNEL_NOT_FOUND: 'channelId',
      CHANNEL_TYPE_MISMATCH: 'channelId',
      STORE_NOT_ACTIVE: 'channelId',
      PAYMENT_LINK_CURRENCY_NOT_ALLOWED: 'currencyId',
      PAYMENT_LINK_SCHEME_NOT_ALLOWED: 'schemaIds',
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: PAYMENT_LINKS_QUERY_KEY });
      navigate(MERCHANT_PATHS.paymentLink);
    },
  });
  const currencies = useLinkCurrencies();
  const channels = useLinkChannels();
  const [currencyId, channelId] = useWatch({ control, name: ['currencyId', 'channelId'] });
  const schemes = useLinkSchemes(chosen(currencyId), chosen(channelId));

  // Changing the currency or the channel clears the schema choice (spec 3 section 4); the
  // schemes of the new pair load through the query key.
  const pair = `${currencyId}|${channelId}`;
  const lastPair = useRef(pair);
  useEffect(() => {
    if (lastPair.current === pair) return;
    lastPair.current = pair;
    if (form.getValues('schemaIds').length > 0) form.setValue('schemaIds', [], { shouldValidate: form.formState.isSubmitted });
  }, [pair, form]);

  const currencyOptions = (currencies.data ?? []).map((currency) => ({ value: String(currency.id), label: currency.code }));
  const channelOptions = (channels.data ?? []).map((channel) => ({ value: String(channel.id), label: channelLabel(channel) }));
  const schemeOptions = (schemes.data ?? []).map((scheme) => ({ value: String(scheme.id), label: scheme.name }));
  const loadError = currencies.error ?? channels.error;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Add Payment Link
      </Title>
      {loadError && (
        <ErrorState
          message={loadError.message}
          onRetry={() => {
            void currencies.refetch();
            void channels.refetch();
          }}
        />
      )}
      {channels.isSuccess && channelOptions.length === 0 && (
        <Alert color="blue" variant="light">
          You have no online channel in an active store yet. Payment links are taken on an online channel.
        </Alert>
      )}
      <Card withBorder radius="md" padding="lg" maw={860}>
        <form {...formProps}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <SelectField
                control={control}
                name="currencyId"
                label="Currency"
                placeholder="Choose a currency"
                required
                loading={currencies.isPending}
                data={currencyOptions}
                nothingFoundMessage="No data available"
              />
              <SelectField
                control={control}
                name="channelId"
                label="Channel"
                placeholder="Choose a channel"
                required
                loading={channels.isPending}
                data={channelOptions}
                searchable
                nothingFoundMessage="No data available"
              />
              <SchemesField
                control={control}
                name="schemaIds"
                label="Schemas"
                placeholder={currencyId && channelId ? 'Choose schemas' : 'Choose a currency and a channel first'}
                required
                loading={schemes.isFetching}
                data={schemeOptions}
                nothingFoundMessage="No data available"
              />
              <AmountField control={control} name="amount" required />
            </SimpleGrid>
            <RadioGroupField control={control} name="type" label="Type" options={LINK_TYPE_OPTIONS} required />
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <TextField control={control} name="expiresIndays" label="Expires in days" inputMode="numeric" placeholder="0" />
              <TextField control={control} name="expiresInhours" label="Expires in hours" inputMode="numeric" placeholder="0" />
              <TextField control={control} name="expiresInminutes" label="Expires in minutes" inputMode="numeric" placeholder="0" />
            </SimpleGrid>
            <Group>
              <Switch label="Advance Settings" checked={advanced} onChange={(event) => setAdvanced(event.currentTarget.checked)} />
            </Group>
            {advanced && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextField control={control} name="redirectUrl" label="Redirect URL" placeholder="https://" autoComplete="off" />
                <TextField control={control} name="callbackUrl" label="Callback URL" placeholder="https://" autoComplete="off" />
                <TextField control={control} name="receiptNo" label="Receipt No" autoComplete="off" />
                <TextField control={control} name="email" label="Email" type="email" autoComplete="off" />
                <TextField control={control} name="phone" label="Phone" inputMode="tel" autoComplete="off" />
                <TextareaField control={control} name="description" label="Description" autosize minRows={2} />
              </SimpleGrid>
            )}
            <FormActions
              submitLabel="Save"
              pending={pending}
              back={{ label: 'Back', onClick: () => navigate(MERCHANT_PATHS.paymentLink), placement: 'end' }}
            />
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
