// The user menu of the top bar: Profile (not for an administrator logged in as the user),
// Settings (to App Settings, for a merchant holding the app-setting feature: no entry leads to a
// page the account cannot open) and Logout (after a confirm).
import { useState } from 'react';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { TEXTS } from '@paywallet/contract';
import type { TUser } from '@paywallet/contract';
import { MERCHANT_PATHS, PATHS } from '../../../lib/paths.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { Icon } from '../../../components/icons.tsx';
import { useLogout } from '../api/use-logout.ts';
import { useHasFeature } from '../api/use-feature-list.ts';

export interface UserMenuProps {
  user: TUser | undefined;
  avatar: string | null | undefined;
  isAdmin: boolean;
}

function initials(user: TUser | undefined): string {
  if (!user) return '?';
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}

export function UserMenu({ user, avatar, isAdmin }: UserMenuProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const logout = useLogout();
  const canOpenSettings = useHasFeature('app-setting');
  const name = user ? `${user.first_name} ${user.last_name}` : 'Account';

  return (
    <>
      <Menu position="bottom-end" width={200} shadow="md">
        <Menu.Target>
          {/* Named by the name it shows; at phone width the name is there for screen readers only. */}
          <UnstyledButton aria-haspopup="menu">
            <Group gap="xs" wrap="nowrap">
              <Avatar src={avatar ?? undefined} alt="" radius="xl" size={32} color="blue" aria-hidden="true">
                {initials(user)}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="sm">
                {name}
              </Text>
              <VisuallyHidden hiddenFrom="sm">{name}</VisuallyHidden>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {!isAdmin && (
            <>
              <Menu.Item leftSection={<Icon name="user" size={16} />} onClick={() => navigate(PATHS.profile)}>
                Profile
              </Menu.Item>
            </>
          )}
          {canOpenSettings && (
            <Menu.Item leftSection={<Icon name="settings" size={16} />} onClick={() => navigate(MERCHANT_PATHS.appSetting)}>
              Settings
            </Menu.Item>
          )}
          {(!isAdmin || canOpenSettings) && <Menu.Divider />}
          <Menu.Item color="red" leftSection={<Icon name="logout" size={16} />} onClick={() => setConfirming(true)}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmModal
        opened={confirming}
        title="Logout"
        message={TEXTS.logoutConfirm}
        loading={logout.isPending}
        onNo={() => setConfirming(false)}
        onYes={() => logout.mutate()}
      />
    </>
  );
}
