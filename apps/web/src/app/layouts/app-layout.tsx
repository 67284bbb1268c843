// The signed-in shell: top bar, side menu from the feature list, and the routed screen.
import { Suspense } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { LoadingState } from '../../components/query-states.tsx';
import { SideMenu } from '../../features/shell/components/side-menu.tsx';
import { TopBar } from '../../features/shell/components/top-bar.tsx';

export function AppLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      padding="lg"
      bg="gray.0"
    >
      <AppShell.Header>
        <TopBar menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <SideMenu onNavigate={menu.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
