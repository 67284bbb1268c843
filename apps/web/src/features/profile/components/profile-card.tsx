// A read-only summary of the signed-in user.
import { Avatar, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TUser } from '@paywallet/contract';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { UserStatusBadge } from '../../../components/user-status-badge.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

export function ProfileCard({ user }: { user: TUser }) {
  const fullName = `${user.first_name} ${user.last_name}`;
  return (
    <Card withBorder radius="md" padding="lg" maw={720}>
      <Group gap="md">
        <Avatar src={user.avatar ?? undefined} alt={`Profile picture of ${fullName}`} size={64} radius="xl" color="blue">
          {user.first_name.charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={4}>
          <Title order={2} size="h3">
            {fullName}
          </Title>
          <UserStatusBadge status={user.status} />
        </Stack>
      </Group>
      <Divider my="md" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Field label="Name">{fullName}</Field>
        <Field label="Email">{user.email}</Field>
        <Field label="Phone">{user.phone_number || '—'}</Field>
        {user.business_name && <Field label="Business Name">{user.business_name}</Field>}
        <Field label="Last Login (GMT)">
          <GmtDate value={user.last_login_at} />
        </Field>
      </SimpleGrid>
    </Card>
  );
}
