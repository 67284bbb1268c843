// The shell's top bar: menu toggle (below the sm breakpoint, where the side menu is a drawer),
// product name, admin notice, wallet select and user menu. At phone width the admin notice moves
// to a strip across the top of the screen (app-layout.tsx), the way back into the drawer, and the
// gaps tighten, so the wallet select and the user menu keep their place on a 360 px screen.
import { Burger, Group } from '@mantine/core';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { ImpersonationBanner } from '../../../components/impersonation-banner.tsx';
import { useAdminSession } from '../../../hooks/use-admin-session.ts';
import { useLocalState } from '../../../hooks/use-local-state.ts';
import { useUserProfile } from '../../../hooks/use-user-profile.ts';
import { UserMenu } from './user-menu.tsx';
import { WalletSelect } from './wallet-select.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { ApiKeysButton } from './api-keys-button.tsx';

export function TopBar({ menuOpened, onToggleMenu }: { menuOpened: boolean; onToggleMenu: () => void }) {
  const profile = useUserProfile();
  const storedUser = useLocalState('user');
  const storedAvatar = useLocalState('avatar');
  const isAdmin = useAdminSession();
  const user = profile.data?.user ?? storedUser;

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={8} wrap="nowrap">
        <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="sm" size="sm" aria-label="Toggle menu" />
        <BrandLogo size="md" />
      </Group>
      <Group gap="sm" wrap="nowrap">
        {isAdmin && <ImpersonationBanner />}
        <ApiKeysButton />
        <WalletSelect />
        <NotificationBell />
        <UserMenu user={user} avatar={user?.avatar ?? storedAvatar} isAdmin={isAdmin} />
      </Group>
    </Group>
  );
}
