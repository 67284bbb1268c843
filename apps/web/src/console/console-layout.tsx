// The operations console's shell (DECISIONS 17): its own top bar (the product, 'Operations
// console', the bell of the administrator's own notifications, the administrator and Logout)
// and its own menu (Stores, KYC, Merchants, Audit log, Refunds, Withdrawals, Settlement configs,
// Settlement runs, Ledger health).
// Loaded only under /console, so a consumer or merchant never downloads it. Below the sm
// breakpoint the menu is a drawer opened from the top bar.
import { Suspense, useEffect } from 'react';
import { AppShell, Badge, Burger, Button, Group, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { adminGetLedgerHealthCall, logoutUserCall } from '@paywallet/contract';
import { call } from '../api/client.ts';
import { AUTH_PATHS, CONSOLE_PATHS } from '../lib/paths.ts';
import { BrandLogo } from '../components/brand-logo.tsx';
import { Icon, type IconName } from '../components/icons.tsx';
import { LoadingState } from '../components/query-states.tsx';
import { ConsoleBell } from './components/console-bell.tsx';
import { useLocalState } from '../hooks/use-local-state.ts';
import { clearClientState } from '../lib/storage.ts';

const MENU: Array<{ label: string; to: string; icon: IconName }> = [
  { label: 'Stores', to: CONSOLE_PATHS.stores, icon: 'store' },
  { label: 'KYC', to: CONSOLE_PATHS.kyc, icon: 'user' },
  { label: 'Merchants', to: CONSOLE_PATHS.merchants, icon: 'users' },
  { label: 'Audit log', to: CONSOLE_PATHS.auditLog, icon: 'report' },
  { label: 'Refunds', to: CONSOLE_PATHS.refunds, icon: 'refund' },
  { label: 'Withdrawals', to: CONSOLE_PATHS.withdrawals, icon: 'wallet' },
  { label: 'Settlement configs', to: CONSOLE_PATHS.settlementConfigs, icon: 'settlement' },
  { label: 'Settlement runs', to: CONSOLE_PATHS.settlementRuns, icon: 'settlement' },
  { label: 'Ledger health', to: CONSOLE_PATHS.ledgerHealth, icon: 'check' },
];

/** The menu's mark on Ledger health while breaches are open: read every minute, shared by every console screen. */
const LEDGER_BADGE_QUERY_KEY = ['console', 'ledger-health', 'badge'] as const;

function useOpenLedgerBreaches(): number {
  const health = useQuery({
    queryKey: LEDGER_BADGE_QUERY_KEY,
    queryFn: ({ signal }) => call(adminGetLedgerHealthCall, {}, { signal, errorToast: false }),
    refetchInterval: 60_000,
  });
  return health.data?.breaches.length ?? 0;
}

export function ConsoleLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  const closeMenu = menu.close;
  useEffect(() => closeMenu(), [pathname, closeMenu]);
  const user = useLocalState('user');
  const openBreaches = useOpenLedgerBreaches();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: () => call(logoutUserCall, {}, { errorToast: false }),
    onSettled: () => {
      clearClientState();
      queryClient.clear();
      navigate(AUTH_PATHS.sendOtp, { replace: true });
    },
  });
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      padding={{ base: 'md', sm: 'lg' }}
      bg="gray.0"
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={8} wrap="nowrap">
            <Burger opened={menuOpened} onClick={menu.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle menu" />
            <BrandLogo size="md" />
            <Badge color="dark" variant="light" visibleFrom="xs">
              Operations console
            </Badge>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ConsoleBell />
            {user && (
              <Text size="sm" fw={500} visibleFrom="sm">
                {user.first_name} {user.last_name}
              </Text>
            )}
            <Button
              size="xs"
              variant="default"
              leftSection={<Icon name="logout" size={14} />}
              loading={logout.isPending}
              onClick={() => logout.mutate()}
            >
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <nav aria-label="Console menu">
          <Stack gap={2}>
            {MENU.map((item) => (
              <MantineNavLink
                key={item.to}
                component={NavLink}
                to={item.to}
                label={item.label}
                leftSection={<Icon name={item.icon} size={18} />}
                rightSection={
                  item.to === CONSOLE_PATHS.ledgerHealth && openBreaches > 0 ? (
                    <Badge color="red.9" variant="filled" size="sm" aria-label={`${openBreaches} open ledger breaches`}>
                      {openBreaches}
                    </Badge>
                  ) : undefined
                }
                active={pathname.startsWith(item.to)}
              />
            ))}
          </Stack>
        </nav>
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
