// The side menu, built from the server's feature list: one link per feature, grouped.
import { NavLink as MantineNavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { NavLink, useLocation } from 'react-router-dom';
import type { TFeatureGroup } from '@paywallet/contract';
import { Icon, iconFor } from '../../../components/icons.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { featurePath, useFeatureList } from '../api/use-feature-list.ts';

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const features = useFeatureList();
  return (
    <ScrollArea type="auto" style={{ flex: 1 }}>
      <nav aria-label="Main menu">
        {features.isPending && <LoadingState rows={6} label="Loading the menu…" />}
        {features.isError && !features.data && (
          <ErrorState title="Menu unavailable" message={features.error.message} onRetry={() => void features.refetch()} />
        )}
        {features.data?.length === 0 && (
          <Text size="sm" c="dimmed" p="sm">
            No features are enabled for this account.
          </Text>
        )}
        {features.data && (
          <Stack gap="md">
            {features.data.map((group) => (
              <MenuGroup key={group.name} group={group} onNavigate={onNavigate} />
            ))}
          </Stack>
        )}
      </nav>
    </ScrollArea>
  );
}

function MenuGroup({ group, onNavigate }: { group: TFeatureGroup; onNavigate?: (() => void) | undefined }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm">
        {group.name}
      </Text>
      {group.features.map((feature) => {
        const to = featurePath(feature.slug);
        const active = to === '/app' ? pathname === '/app' || pathname === '/app/' : pathname.startsWith(to);
        return (
          <MantineNavLink
            key={feature.id}
            component={NavLink}
            to={to}
            end={to === '/app'}
            label={feature.name}
            active={active}
            leftSection={<Icon name={iconFor(`${feature.web_icon} ${feature.slug}`)} />}
            onClick={onNavigate}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        );
      })}
    </Stack>
  );
}
