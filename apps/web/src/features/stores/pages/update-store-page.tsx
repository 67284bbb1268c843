// Update account activation (Onboard Store, spec 3 section 2.4): the store from the query's
// storeId (without one, back to the store list); the business form with Update and Submit for
// Approval, and the owners. A store pending approval shows a notice and nothing can be changed.
import { useCallback, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { STORE_MESSAGES, STORE_STATUS, STORE_STATUS_LABEL, updateStoreCall } from '@paywallet/contract';
import type { TStoreActivation } from '@paywallet/contract';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { idParam, PATHS } from '../../../lib/paths.ts';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { useForgetStores, useStoreActivation } from '../api/store-calls.ts';
import { BusinessFields } from '../components/business-fields.tsx';
import { SubmitForApproval } from '../components/submit-for-approval.tsx';
import { OwnersPanel } from '../components/owners-panel.tsx';
import { storeFormOf, toStoreRequest, ZStoreForm } from '../store-form.ts';

export function UpdateStorePage() {
  const [searchParams] = useSearchParams();
  const storeId = idParam(searchParams.get('storeId'));
  const activation = useStoreActivation(storeId);
  if (storeId === undefined) return <Navigate to={PATHS.store} replace />;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Onboard Store
      </Title>
      {activation.isPending ? (
        <LoadingState label="Loading the store…" />
      ) : activation.isError ? (
        <ErrorState message={activation.error.message} onRetry={() => void activation.refetch()} />
      ) : (
        <UpdateStore key={activation.data.id} activation={activation.data} />
      )}
    </Stack>
  );
}

function UpdateStore({ activation }: { activation: TStoreActivation }) {
  const navigate = useNavigate();
  const forgetStores = useForgetStores();
  const pendingApproval = activation.status === STORE_STATUS.PENDING_APPROVAL;
  const editable = activation.status === STORE_STATUS.DRAFT || activation.status === STORE_STATUS.REQUEST_FOR_CHANGES;
  const [tab, setTab] = useState<string | null>('business');
  const [savedOwners, setSavedOwners] = useState(activation.owners.length);
  const onSavedCount = useCallback((count: number) => setSavedOwners(count), []);
  const submitting = useRef(false);
  const [submitMode, setSubmitMode] = useState(false);

  const { control, formProps, pending } = useContractForm({
    call: updateStoreCall,
    schema: ZStoreForm,
    defaultValues: storeFormOf(activation),
    toRequest: (values) => ({
      ...toStoreRequest(values),
      storeId: activation.id,
      ...(submitting.current ? { status: STORE_STATUS.PENDING_APPROVAL, id: activation.id } : {}),
    }),
    onSuccess: async () => {
      await forgetStores();
      // The next step: a store with no owner yet needs one before it can be submitted, so an
      // update leads to the owners; otherwise (or after a submit) back to the list.
      if (!submitting.current && savedOwners === 0) setTab('owners');
      else navigate(PATHS.store);
    },
  });

  const send = (submit: boolean) => {
    submitting.current = submit;
    setSubmitMode(submit);
    void formProps.onSubmit();
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Store {activation.code} · Parent ID {activation.parent_entity || '—'} · Reference {activation.reference || '—'} · Status{' '}
        {STORE_STATUS_LABEL[activation.status] ?? activation.status}
      </Text>
      {pendingApproval && (
        <Alert color="yellow" variant="light" role="status">
          {STORE_MESSAGES.pendingNotice}
        </Alert>
      )}
      {!pendingApproval && !editable && (
        <Alert color="gray" variant="light" role="status">
          This store has been reviewed; its details cannot be changed here. Please contact support to change them.
        </Alert>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted>
        <Tabs.List mb="md">
          <Tabs.Tab value="business">Business Details</Tabs.Tab>
          <Tabs.Tab value="owners">Business Owner</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="business">
          <form
            {...formProps}
            onSubmit={(event) => {
              event.preventDefault();
              send(false);
            }}
          >
            <Stack gap="md">
              <BusinessFields control={control} withRegistration disabled={!editable} />
              <Group justify="space-between" gap="sm">
                <Button variant="default" onClick={() => navigate(PATHS.store)} disabled={pending}>
                  Back
                </Button>
                <Group gap="sm">
                  <Button type="submit" variant="light" loading={pending && !submitMode} disabled={!editable}>
                    Update
                  </Button>
                  <SubmitForApproval
                    savedOwners={savedOwners}
                    loading={pending && submitMode}
                    disabled={!editable}
                    onSubmit={() => send(true)}
                  />
                </Group>
              </Group>
            </Stack>
          </form>
        </Tabs.Panel>
        <Tabs.Panel value="owners">
          <Stack gap="md">
            <OwnersPanel storeId={activation.id} owners={activation.owners} locked={!editable} onSavedCount={onSavedCount} />
            <Group justify="space-between" gap="sm">
              <Button variant="default" onClick={() => setTab('business')}>
                Back
              </Button>
              <SubmitForApproval
                savedOwners={savedOwners}
                loading={pending && submitMode}
                disabled={!editable}
                onSubmit={() => send(true)}
              />
            </Group>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
