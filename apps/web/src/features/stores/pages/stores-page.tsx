// The Stores list (spec 3 section 2.4): breadcrumb App > Store, the Onboard button, the table
// of the merchant's stores (Name, Code, Status, Created At, Updated At) with View/Update Store
// Onboarding and View Comments on each row.
import { useState } from 'react';
import { Anchor, Breadcrumbs, Button, Group, Stack, Title } from '@mantine/core';
import type { TStoreRow } from '@paywallet/contract';
import { Link, useNavigate } from 'react-router-dom';
import { PATHS } from '../../../lib/paths.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { useUrlPager } from '../../../hooks/use-url-filters.ts';
import { useStoreList } from '../api/store-calls.ts';
import { CommentsModal } from '../components/comments-modal.tsx';
import { OnboardingModal } from '../components/onboarding-modal.tsx';
import { StoreStatus } from '../components/store-status.tsx';

const COLUMNS: DataColumn<TStoreRow>[] = [
  { accessor: 'name', title: 'Name' },
  { accessor: 'code', title: 'Code', noWrap: true },
  { accessor: 'status', title: 'Status', render: (row) => <StoreStatus status={row.status} type={row.type} /> },
  { accessor: 'created_at', title: 'Created At', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
  { accessor: 'updated_at', title: 'Updated At', noWrap: true, render: (row) => <GmtDate value={row.updated_at} /> },
];

/** The update screen takes the store in its query (the spec keeps it in client state). */
export function storeUpdateLink(storeId: number): string {
  return `${PATHS.storeUpdateAccountActivation}?storeId=${storeId}`;
}

export function StoresPage() {
  const navigate = useNavigate();
  const pager = useUrlPager();
  const list = useStoreList(pager);
  const [onboarding, setOnboarding] = useState(false);
  const [comments, setComments] = useState<TStoreRow | null>(null);

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
        actions={[
          { label: 'View/Update Store Onboarding', variant: 'light', onClick: (row) => navigate(storeUpdateLink(row.id)) },
          { label: 'View Comments', variant: 'default', onClick: setComments },
        ]}
      />
      <OnboardingModal opened={onboarding} onClose={() => setOnboarding(false)} />
      <CommentsModal store={comments} onClose={() => setComments(null)} />
    </Stack>
  );
}
