// The signed-in shell: top bar, side menu from the feature list, and the routed screen. Below
// the sm breakpoint (768 px) the side menu is a drawer opened from the top bar's menu button,
// closed again whenever the screen changes; the screen's padding narrows so forms keep their width.
import { Suspense, useEffect } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router-dom';
import { ImpersonationBanner } from '../../components/impersonation-banner.tsx';
import { LoadingState } from '../../components/query-states.tsx';
import { useAdminSession } from '../../hooks/use-admin-session.ts';
import { SideMenu } from '../../features/shell/components/side-menu.tsx';
import { TopBar } from '../../features/shell/components/top-bar.tsx';
import { HEADER_HEIGHT_PX, NAVBAR_WIDTH_PX } from '../../components/shell-metrics.ts';

export function AppLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  const isAdmin = useAdminSession();
  // A link in the drawer, the user menu's Profile, Back: whatever changed the screen, show it.
  const closeMenu = menu.close;
  useEffect(() => closeMenu(), [pathname, closeMenu]);
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT_PX }}
      navbar={{ width: NAVBAR_WIDTH_PX, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      padding={{ base: 'md', sm: 'lg' }}
      bg="gray.0"
    >
      <AppShell.Header>
        <TopBar menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <SideMenu onNavigate={menu.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        {/* Below xs the top bar has no room for it: an administrator acting as the merchant
            sees the notice across the top of every screen instead. */}
        {isAdmin && <ImpersonationBanner placement="strip" />}
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
