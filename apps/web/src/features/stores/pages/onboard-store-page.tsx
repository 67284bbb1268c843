// Onboard Store (Merchant Store Manual Verification, spec 3 section 2.4): step one chooses the
// registered country (UAE) and the business type and begins; step two holds Business Details
// (Create makes a Draft store) and Business Owner, enabled once the store exists, with Submit
// for Approval, shown disabled with its reason until an owner is saved (DECISIONS 50).
import { useCallback, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Radio, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { createStoreCall, STORE_STATUS, updateStoreCall } from '@paywallet/contract';
import type { TCreateStoreRequest } from '@paywallet/contract';
import { useNavigate, useParams } from 'react-router-dom';
import { PATHS } from '../../../lib/paths.ts';
import { requiredField, requiredLabelProps } from '../../../components/required.ts';
import { call } from '../../../api/client.ts';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { useForgetStores } from '../api/store-calls.ts';
import { BusinessFields } from '../components/business-fields.tsx';
import { OwnersPanel } from '../components/owners-panel.tsx';
import { SubmitForApproval } from '../components/submit-for-approval.tsx';
import { BUSINESS_TYPES, COUNTRY_OPTIONS, emptyStoreForm, toStoreRequest, ZStoreForm } from '../store-form.ts';

export function OnboardStorePage() {
  const params = useParams();
  const parentEntity = params.parentEntity || 'default-entity';
  const uniqueRef = params.uniqueRef || 'default-ref';
  const [step, setStep] = useState<1 | 2>(1);
  const [country, setCountry] = useState('AE');
  const [type, setType] = useState('1');

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Merchant Store Manual Verification
      </Title>
      <Text size="sm" c="dimmed">
        Parent entity {parentEntity}, reference {uniqueRef}
      </Text>
      {step === 1 ? (
        <BeginStep country={country} type={type} onCountry={setCountry} onType={setType} onBegin={() => setStep(2)} />
      ) : (
        <DetailsStep parentEntity={parentEntity} reference={uniqueRef} country={country} type={type} />
      )}
    </Stack>
  );
}

function BeginStep(props: {
  country: string;
  type: string;
  onCountry: (value: string) => void;
  onType: (value: string) => void;
  onBegin: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Paper withBorder p="lg" maw={560}>
      <Stack gap="md">
        <Select
          label="Registered Country"
          {...requiredField}
          data={COUNTRY_OPTIONS}
          allowDeselect={false}
          value={props.country}
          onChange={(value) => value && props.onCountry(value)}
        />
        <Radio.Group label="Business Type" labelProps={requiredLabelProps} value={props.type} onChange={props.onType}>
          <Group mt="xs">
            {BUSINESS_TYPES.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Radio.Group>
        <Group justify="space-between">
          <Button variant="default" onClick={() => navigate(PATHS.store)}>
            Back
          </Button>
          <Button onClick={props.onBegin}>Begin</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function DetailsStep({
  parentEntity,
  reference,
  country,
  type,
}: {
  parentEntity: string;
  reference: string;
  country: string;
  type: string;
}) {
  const navigate = useNavigate();
  const forgetStores = useForgetStores();
  const [tab, setTab] = useState<string | null>('business');
  const [created, setCreated] = useState<{ id: number; request: TCreateStoreRequest } | null>(null);
  const [savedOwners, setSavedOwners] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const lastRequest = useRef<TCreateStoreRequest | null>(null);
  const onSavedCount = useCallback((count: number) => setSavedOwners(count), []);

  const { control, formProps, pending } = useContractForm({
    call: createStoreCall,
    schema: ZStoreForm,
    defaultValues: emptyStoreForm(parentEntity, reference, type, country),
    toRequest: (values) => {
      lastRequest.current = toStoreRequest(values);
      return lastRequest.current;
    },
    onSuccess: (data) => {
      setCreated({ id: data.id, request: lastRequest.current! });
      setTab('owners');
      void forgetStores();
    },
  });

  const submitForApproval = async () => {
    if (!created) return;
    setSubmitting(true);
    try {
      await call(updateStoreCall, { ...created.request, storeId: created.id, status: STORE_STATUS.PENDING_APPROVAL, id: created.id });
      await forgetStores();
      navigate(PATHS.store);
    } catch {
      // The refusal's toast says why.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Tabs value={tab} onChange={setTab} keepMounted>
      <Tabs.List mb="md">
        <Tabs.Tab value="business">Business Details</Tabs.Tab>
        <Tabs.Tab value="owners" disabled={!created}>
          Business Owner
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="business">
        <form {...formProps}>
          <Stack gap="md">
            {created && (
              <Alert color="green" variant="light">
                The store was created. Add its owners on the Business Owner tab.
              </Alert>
            )}
            <BusinessFields control={control} withRegistration={false} disabled={created !== null} />
            <FormActions
              submitLabel="Create"
              pending={pending}
              disabled={created !== null}
              back={{ onClick: () => navigate(PATHS.store), placement: 'start' }}
            />
          </Stack>
        </form>
      </Tabs.Panel>
      <Tabs.Panel value="owners">
        {created && (
          <Stack gap="md">
            <OwnersPanel storeId={created.id} owners={[]} locked={false} onSavedCount={onSavedCount} />
            <Group justify="space-between">
              <Button variant="default" onClick={() => navigate(PATHS.store)}>
                Back
              </Button>
              <SubmitForApproval savedOwners={savedOwners} loading={submitting} onSubmit={() => void submitForApproval()} />
            </Group>
          </Stack>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
