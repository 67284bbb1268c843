// The merchant profile (spec 3 section 2.5): the picture with its upload, name, e-mail, contact
// phone and last login (get-user-data), then the Stores table.
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { ErrorState } from '../../../components/query-states.tsx';
import { useUserData } from '../api/profile-calls.ts';
import { AvatarUpload } from './avatar-upload.tsx';
import { ProfileStoresTable } from './profile-stores-table.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function MerchantProfile({ showStores }: { showStores: boolean }) {
  const user = useUserData();
  return (
    <Stack gap="lg">
      {user.isPending && <Skeleton height={200} radius="md" />}
      {user.isError && <ErrorState message={user.error.message} onRetry={() => void user.refetch()} />}
      {user.isSuccess && (
        <Card withBorder radius="md" padding="lg">
          <Group align="flex-start" gap="xl" wrap="wrap">
            <AvatarUpload
              avatar={user.data.avatar}
              initials={`${user.data.first_name.charAt(0)}${user.data.last_name.charAt(0)}`.toUpperCase()}
              name={`${user.data.first_name} ${user.data.last_name}`}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" style={{ flex: 1, minWidth: 220 }}>
              <Field label="Name">{`${user.data.first_name} ${user.data.last_name}`}</Field>
              <Field label="Email">{user.data.email}</Field>
              <Field label="Contact Phone">{user.data.phone_number || '—'}</Field>
              <Field label="Last Login (GMT)">
                <GmtDate value={user.data.last_login_at} />
              </Field>
            </SimpleGrid>
          </Group>
        </Card>
      )}
      {showStores && (
        <Stack gap="sm">
          <Title order={2} size="h3">
            Stores
          </Title>
          <ProfileStoresTable />
        </Stack>
      )}
    </Stack>
  );
}
