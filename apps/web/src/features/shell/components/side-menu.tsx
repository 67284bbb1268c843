// The side menu, built from the server's feature list: one link per feature, grouped. Each link
// comes from lib/paths.ts (FEATURE_PATHS), so it always leads to a screen this build has; a
// feature slug the build has no screen for is left out rather than linked to a missing page.
import { NavLink as MantineNavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { NavLink, useLocation } from 'react-router-dom';
import type { TFeatureGroup } from '@paywallet/contract';
import { APP_ROOT, featurePath } from '../../../lib/paths.ts';
import type { TAccountKind } from '../../../lib/paths.ts';
import { Icon, iconFor } from '../../../components/icons.tsx';
import { ImpersonationBanner } from '../../../components/impersonation-banner.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useAccountKind } from '../../../hooks/use-account-kind.ts';
import { useAdminSession } from '../../../hooks/use-admin-session.ts';
import { useFeatureList } from '../api/use-feature-list.ts';

interface MenuLink {
  id: number;
  name: string;
  icon: string;
  to: string;
}

function menuLinks(group: TFeatureGroup, kind: TAccountKind): MenuLink[] {
  return group.features.flatMap((feature) => {
    const to = featurePath(feature.slug, kind);
    return to ? [{ id: feature.id, name: feature.name, icon: `${feature.web_icon} ${feature.slug}`, to }] : [];
  });
}

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const features = useFeatureList();
  const kind = useAccountKind();
  const isAdmin = useAdminSession();
  const groups = features.data
    ?.map((group) => ({ name: group.name, links: menuLinks(group, kind) }))
    .filter((group) => group.links.length > 0);
  return (
    <ScrollArea type="auto" style={{ flex: 1 }}>
      {isAdmin && <ImpersonationBanner placement="drawer" />}
      <nav aria-label="Main menu">
        {features.isPending && <LoadingState rows={6} label="Loading the menu…" />}
        {features.isError && !features.data && (
          <ErrorState title="Menu unavailable" message={features.error.message} onRetry={() => void features.refetch()} />
        )}
        {groups?.length === 0 && (
          <Text size="sm" c="dimmed" p="sm">
            No features are enabled for this account.
          </Text>
        )}
        {groups && (
          <Stack gap="md">
            {groups.map((group) => (
              <MenuGroup key={group.name} name={group.name} links={group.links} onNavigate={onNavigate} />
            ))}
          </Stack>
        )}
      </nav>
    </ScrollArea>
  );
}

function MenuGroup({ name, links, onNavigate }: { name: string; links: MenuLink[]; onNavigate?: (() => void) | undefined }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm">
        {name}
      </Text>
      {links.map((link) => {
        const home = link.to === APP_ROOT;
        const active = home ? pathname === APP_ROOT || pathname === `${APP_ROOT}/` : pathname.startsWith(link.to);
        return (
          <MantineNavLink
            key={link.id}
            component={NavLink}
            to={link.to}
            end={home}
            label={link.name}
            active={active}
            leftSection={<Icon name={iconFor(link.icon)} />}
            onClick={onNavigate}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        );
      })}
    </Stack>
  );
}
