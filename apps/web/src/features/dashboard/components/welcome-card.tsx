// The dashboard's welcome card (spec 2 'Dashboard'): greeting by first name, account status,
// Visit Profile.
import { Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TAccountStatusBadge, TUser } from '@paywallet/contract';
import { PATHS } from '../../../lib/paths.ts';
import { UserStatusBadge } from '../../../components/user-status-badge.tsx';

/** The merchant's badge colours: Moderation (a submitted KYC under review, DECISIONS 30) in blue. */
const BADGE_COLOR: Record<TAccountStatusBadge, string> = {
  Pending: 'yellow',
  Moderation: 'blue',
  Active: 'green',
  Inactive: 'gray',
  Suspended: 'red',
};

/**
 * `showProfileLink` is off for an administrator logged in as the user (the Profile is theirs
 * alone). `accountStatus`, the merchant overview's badge, replaces the plain status when given.
 */
export function WelcomeCard({
  user,
  status,
  accountStatus,
  showProfileLink = true,
}: {
  user: TUser;
  status: number;
  accountStatus?: TAccountStatusBadge | undefined;
  showProfileLink?: boolean;
}) {
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
              {accountStatus ? (
                <Badge color={BADGE_COLOR[accountStatus]} variant="light" size="lg" data-testid="account-status">
                  {accountStatus}
                </Badge>
              ) : (
                <UserStatusBadge status={status} />
              )}
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
