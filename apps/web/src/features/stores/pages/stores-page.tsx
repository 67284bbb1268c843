// The Stores list (spec 3 section 2.4): breadcrumb App > Store, the Onboard button, the table
// of the merchant's stores (Name, Code, Status, Created At, Updated At) with View/Update Store
// Onboarding and View Comments on each row, and Delete (after a confirm) on a Draft store's,
// drawn as icon buttons in the table so it fits 1280 px.
import { useState } from 'react';
import { Anchor, Breadcrumbs, Button, Group, Stack, Title } from '@mantine/core';
import { STORE_STATUS, type TStoreRow } from '@paywallet/contract';
import { Link, useNavigate } from 'react-router-dom';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { useUrlPager } from '../../../hooks/use-url-filters.ts';
import { useDeleteStore, useStoreList } from '../api/store-calls.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { CommentsModal } from '../components/comments-modal.tsx';
import { OnboardingModal } from '../components/onboarding-modal.tsx';
import { StoreStatus } from '../components/store-status.tsx';
import { storeUpdateLink } from '../store-links.ts';

const COLUMNS: DataColumn<TStoreRow>[] = [
  { accessor: 'name', title: 'Name' },
  { accessor: 'code', title: 'Code', noWrap: true },
  { accessor: 'status', title: 'Status', render: (row) => <StoreStatus status={row.status} type={row.type} /> },
  { accessor: 'created_at', title: 'Created At', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
  { accessor: 'updated_at', title: 'Updated At', noWrap: true, render: (row) => <GmtDate value={row.updated_at} /> },
];

export function StoresPage() {
  const navigate = useNavigate();
  const pager = useUrlPager();
  const list = useStoreList(pager);
  const [onboarding, setOnboarding] = useState(false);
  const [comments, setComments] = useState<TStoreRow | null>(null);
  const [deleting, setDeleting] = useState<TStoreRow | null>(null);
  const deleteStore = useDeleteStore(() => setDeleting(null));

  return (
    <Stack gap="lg">
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} to="/app" size="sm">
          App
        </Anchor>
        <Anchor component="span" size="sm" c="dimmed" aria-current="page">
          Store
        </Anchor>
      </Breadcrumbs>
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          Stores
        </Title>
        <Button onClick={() => setOnboarding(true)}>Onboard</Button>
      </Group>
      <DataTable
        label="Stores"
        storageKey="table.stores"
        list={list}
        columns={COLUMNS}
        idAccessor="id"
        rowAttributes={(row) => ({ 'data-store-id': row.id })}
        // Icon buttons named and tooltipped by their labels (labelled on the phone cards): the
        // three labelled buttons of a Draft row took about 490 px, so that with an onboarded
        // store's code (ST- and ten digits) the table scrolled sideways at 1280 px even with
        // Updated At hidden; now every column of the spec is shown.
        actions={[
          { label: 'View/Update Store Onboarding', icon: 'edit', variant: 'light', onClick: (row) => navigate(storeUpdateLink(row.id)) },
          { label: 'View Comments', icon: 'comments', variant: 'default', onClick: setComments },
          // Only a Draft store, never submitted, can go (the server refuses any other).
          {
            label: 'Delete',
            icon: 'remove',
            variant: 'light',
            color: 'red',
            onClick: setDeleting,
            hidden: (row) => row.status !== STORE_STATUS.DRAFT,
          },
        ]}
      />
      <OnboardingModal opened={onboarding} onClose={() => setOnboarding(false)} />
      <CommentsModal store={comments} onClose={() => setComments(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete Store"
        message={`Are you sure you want to delete the Draft store ${deleting?.name ?? ''}? Its owners and their documents are deleted with it.`}
        loading={deleteStore.isPending}
        onNo={() => setDeleting(null)}
        onYes={() => deleting && deleteStore.mutate(deleting.id)}
      />
    </Stack>
  );
}
