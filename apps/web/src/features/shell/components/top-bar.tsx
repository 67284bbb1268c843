// The shell's top bar: menu toggle (small screens), product name, admin notice, wallet
// select and user menu.
import { Badge, Burger, Group } from '@mantine/core';
import { TEXTS } from '@paywallet/contract';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { useAdminSession } from '../../../hooks/use-admin-session.ts';
import { useLocalState } from '../../../hooks/use-local-state.ts';
import { useUserProfile } from '../../../hooks/use-user-profile.ts';
import { UserMenu } from './user-menu.tsx';
import { WalletSelect } from './wallet-select.tsx';

export function TopBar({ menuOpened, onToggleMenu }: { menuOpened: boolean; onToggleMenu: () => void }) {
  const profile = useUserProfile();
  const storedUser = useLocalState('user');
  const storedAvatar = useLocalState('avatar');
  const isAdmin = useAdminSession();
  const user = profile.data?.user ?? storedUser;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="sm" size="sm" aria-label="Toggle menu" />
        <BrandLogo size="md" />
      </Group>
      <Group gap="md" wrap="nowrap">
        {isAdmin && (
          <Badge color="orange" variant="filled" visibleFrom="xs">
            {TEXTS.loggedInByAdmin}
          </Badge>
        )}
        <WalletSelect />
        <UserMenu user={user} avatar={user?.avatar ?? storedAvatar} isAdmin={isAdmin} />
      </Group>
    </Group>
  );
}
