// What a store review approves (issue 15): the store's business details, its MCC and its
// owners, each owner's identity document opened on demand (and audited by the server, as the
// KYC documents are). Shown in the review dialog above the decision.
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminGetStoreDetailsCall, IDENTITY_TYPE_LABEL, mccEntry, mccLabel, STORE_TYPE_LABEL, type TStoreOwner } from '@paywallet/contract';
import { call } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/query-states.tsx';
import type { KycDocument } from './kyc-document-modal.tsx';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:{' '}
      </Text>
      {value || '—'}
    </Text>
  );
}

function OwnerRow({ owner, onView }: { owner: TStoreOwner; onView: (document: KycDocument) => void }) {
  const name = `${owner.first_name} ${owner.last_name}`;
  return (
    <Group gap="xs" wrap="wrap" justify="space-between">
      <Text size="sm">
        <Text span fw={600}>
          {name}
        </Text>{' '}
        · born {owner.dob} · {IDENTITY_TYPE_LABEL[owner.document_type] ?? owner.document_type}
      </Text>
      {owner.docs_url !== null && (
        <Button
          size="compact-sm"
          variant="light"
          aria-label={`View document: ${name}`}
          onClick={() => onView({ fileId: owner.id, fileName: owner.docs_url ?? '', mimeType: '', inputName: name, kind: 'store-owner' })}
        >
          View document
        </Button>
      )}
    </Group>
  );
}

export function StoreReviewDetails({ storeId, onView }: { storeId: number; onView: (document: KycDocument) => void }) {
  const details = useQuery({
    queryKey: ['console', 'store-details', storeId],
    queryFn: ({ signal }) => call(adminGetStoreDetailsCall, { storeId }, { signal }),
  });
  if (details.isPending) return <LoadingState rows={4} label="Loading the store…" />;
  if (details.isError) return <ErrorState message={details.error.message} onRetry={() => void details.refetch()} />;
  const store = details.data;
  const mcc = mccEntry(store.mcc_code);
  const address = [
    store.address.addressline1,
    store.address.addressline2,
    store.address.city,
    store.address.postCode,
    store.address.country,
  ]
    .filter((part) => part !== '')
    .join(', ');
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Business details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4}>
        <Detail label="Parent entity" value={store.parent_entity} />
        <Detail label="Reference" value={store.reference} />
        <Detail label="Business type" value={STORE_TYPE_LABEL[store.type] ?? String(store.type)} />
        <Detail label="MCC" value={mcc ? mccLabel(mcc) : store.mcc_code} />
        <Detail label="Phone" value={store.phone} />
        <Detail label="Email" value={store.email} />
        <Detail label="Website" value={store.website} />
        <Detail label="Address" value={address} />
      </SimpleGrid>
      <Title order={3} size="h5" mt="xs">
        Owners
      </Title>
      {store.owners.length === 0 ? (
        <Text size="sm" c="dimmed">
          No owners saved.
        </Text>
      ) : (
        store.owners.map((owner) => <OwnerRow key={owner.id} owner={owner} onView={onView} />)
      )}
    </Stack>
  );
}
