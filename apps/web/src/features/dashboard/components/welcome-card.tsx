// The dashboard's welcome card (spec 2 'Dashboard'): greeting by first name, account status,
// Visit Profile.
import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TUser } from '@paywallet/contract';
import { UserStatusBadge } from '../../../components/user-status-badge.tsx';

export function WelcomeCard({ user, status }: { user: TUser; status: number }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar src={user.avatar ?? undefined} size={56} radius="xl" color="blue">
            {user.first_name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap={4}>
            <Title order={3}>Welcome, {user.first_name}</Title>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Account status
              </Text>
              <UserStatusBadge status={status} />
            </Group>
          </Stack>
        </Group>
        <Button component={Link} to="/app/profile" variant="light">
          Visit Profile
        </Button>
      </Group>
    </Card>
  );
}
