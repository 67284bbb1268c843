// The shell's bell (spec 2): the unread count on the bell, a dropdown with the latest
// notifications, 'Read all notifications', and a link to the all-notification page. While the
// app is open, new notifications arrive live (a toast and the count go up without a reload).
import { useState } from 'react';
import { ActionIcon, Badge, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { TEXTS } from '@paywallet/contract';
import { PATHS } from '../../../lib/paths.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { Icon } from '../../../components/icons.tsx';
import { useAdminSession } from '../../../hooks/use-admin-session.ts';
import { usePhoneWidth } from '../../../hooks/use-phone-width.ts';
import { useLiveNotifications } from '../../../hooks/use-live-notifications.ts';
import { useNotificationSummary, useReadAllNotifications } from '../../../hooks/use-notifications.ts';

/** Above this the bell shows "99+". */
const COUNT_SHOWN_MAX = 99;

export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  // Compact at phone width, so the top bar still fits the wallet select and the user menu in 390 px.
  const phone = usePhoneWidth();
  const navigate = useNavigate();
  const summary = useNotificationSummary();
  const readAll = useReadAllNotifications();
  // An administrator logged in as the merchant reads the merchant's bell, without live toasts.
  const isAdmin = useAdminSession();
  useLiveNotifications(!isAdmin);
  const unread = summary.data?.unreadCount ?? 0;
  const shownCount = unread > COUNT_SHOWN_MAX ? `${COUNT_SHOWN_MAX}+` : String(unread);
  const rows = summary.data?.data ?? [];

  return (
    <Indicator label={shownCount} size={18} disabled={unread === 0} color="red.8" offset={4}>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={phone ? 'md' : 'lg'}
            mx={phone ? -6 : 0}
            aria-label={unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`}
            onClick={() => setOpened((open) => !open)}
          >
            <Icon name="bell" size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-label="Notifications" role="dialog" p="xs">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm">
                Notifications
              </Text>
              {unread > 0 && (
                <Badge color="red" variant="light">
                  {shownCount} unread
                </Badge>
              )}
            </Group>
            <Divider />
            {summary.isPending && <Text size="sm">Loading…</Text>}
            {summary.isError && (
              <Text size="sm" c="red.8">
                {summary.error.message}
              </Text>
            )}
            {summary.isSuccess && rows.length === 0 && (
              <Text size="sm" c="dimmed">
                {TEXTS.noData}
              </Text>
            )}
            {rows.length > 0 && (
              // The list scrolls when long: its viewport takes the focus, so it scrolls by keyboard too.
              <ScrollArea.Autosize mah={280} viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Latest notifications' }}>
                <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {rows.map((row) => (
                    <li key={row.id} data-notification-id={row.id}>
                      <Text size="sm" fw={row.read_at === null ? 600 : 400}>
                        {row.message}
                      </Text>
                      <Text size="xs" c="dimmed">
                        <GmtDate value={row.created_at} />
                      </Text>
                    </li>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
            <Divider />
            <Group justify="space-between" wrap="nowrap">
              <Button size="xs" variant="default" onClick={() => readAll.mutate()} loading={readAll.isPending} disabled={unread === 0}>
                Read all notifications
              </Button>
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  setOpened(false);
                  void navigate(PATHS.allNotification);
                }}
              >
                View all
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
