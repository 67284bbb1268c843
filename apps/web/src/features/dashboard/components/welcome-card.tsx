// The dashboard's welcome card (spec 2 'Dashboard'): greeting by first name, account status,
// Visit Profile.
import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TUser } from '@paywallet/contract';
import { PATHS } from '../../../lib/paths.ts';
import { UserStatusBadge } from '../../../components/user-status-badge.tsx';

/** `showProfileLink` is off for an administrator logged in as the user (the Profile is theirs alone). */
export function WelcomeCard({ user, status, showProfileLink = true }: { user: TUser; status: number; showProfileLink?: boolean }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar src={user.avatar ?? undefined} alt="" size={56} radius="xl" color="blue">
            {user.first_name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap={4}>
            <Title order={2} size="h3">
              Welcome, {user.first_name}
            </Title>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Account status
              </Text>
              <UserStatusBadge status={status} />
            </Group>
          </Stack>
        </Group>
        {showProfileLink && (
          <Button component={Link} to={PATHS.profile} variant="light">
            Visit Profile
          </Button>
        )}
      </Group>
    </Card>
  );
}
