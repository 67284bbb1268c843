// The operations console's bell (issue 16): the administrator's own notifications (a breach the
// ledger's health check raised, say). The unread count on the bell, a panel listing them ten at
// a time newest first with Load more, 'Read all notifications', and a toast when one arrives
// live (the same stream and ticket as the wallet app's bell, use-live-notifications.ts). The
// list is read again every minute too, so a console whose stream is down still catches up.
import { useState } from 'react';
import { ActionIcon, Badge, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { notificationsCall } from '@paywallet/contract';
import { call } from '../../api/client.ts';
import { GmtDate } from '../../components/gmt-date.tsx';
import { Icon } from '../../components/icons.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states.tsx';
import { useLiveNotifications } from '../../hooks/use-live-notifications.ts';
import { NOTIFICATIONS_QUERY_KEY, useReadAllNotifications } from '../../hooks/use-notifications.ts';
import { usePhoneWidth } from '../../hooks/use-phone-width.ts';

/** Ten at a time, as every list (DECISIONS 25). */
const PER_PAGE = 10;
/** Above this the bell shows "99+". */
const COUNT_SHOWN_MAX = 99;
/** The poll under the live stream (ARCHITECTURE section 10): a console left open catches up. */
const POLL_MS = 60_000;
/** Under NOTIFICATIONS_QUERY_KEY, so a live arrival and 'read all' read it again. */
const CONSOLE_BELL_KEY = [...NOTIFICATIONS_QUERY_KEY, 'console-bell', PER_PAGE] as const;

function useConsoleNotifications() {
  return useInfiniteQuery({
    queryKey: CONSOLE_BELL_KEY,
    queryFn: ({ signal, pageParam }) =>
      call(notificationsCall, { perPage: PER_PAGE, cursor: pageParam ?? undefined }, { signal, errorToast: false }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: POLL_MS,
  });
}

export function ConsoleBell() {
  const [opened, setOpened] = useState(false);
  const phone = usePhoneWidth();
  const list = useConsoleNotifications();
  const readAll = useReadAllNotifications();
  useLiveNotifications(true);
  // The first page carries the count; a later page's is at least as fresh but the first is re-read first.
  const unread = list.data?.pages[0]?.unreadCount ?? 0;
  const shownCount = unread > COUNT_SHOWN_MAX ? `${COUNT_SHOWN_MAX}+` : String(unread);
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Indicator label={shownCount} size={18} disabled={unread === 0} color="red.8" offset={4}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={phone ? 'calc(100vw - 16px)' : 380}
        shadow="md"
        withinPortal
        trapFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`}
            aria-expanded={opened}
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
            {list.isPending && <LoadingState label="Loading notifications…" />}
            {list.isError && list.data === undefined && (
              <ErrorState message={list.error.message} onRetry={() => void list.refetch()} title="Could not load notifications" />
            )}
            {list.isSuccess && rows.length === 0 && <EmptyState message="No notifications yet." />}
            {rows.length > 0 && (
              // The list scrolls when long: its viewport takes the focus, so it scrolls by keyboard too.
              <ScrollArea.Autosize
                mah={phone ? 360 : 420}
                viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Your notifications' }}
              >
                <Stack gap={8} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {rows.map((row) => (
                    <li key={row.id} data-notification-id={row.id} data-unread={row.read_at === null}>
                      <Text size="sm" fw={row.read_at === null ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
                        {row.read_at === null && <VisuallyHidden>Unread: </VisuallyHidden>}
                        {row.message}
                      </Text>
                      <Text size="xs" c="dimmed">
                        <GmtDate value={row.created_at} />
                      </Text>
                    </li>
                  ))}
                </Stack>
                {list.hasNextPage && (
                  <Button
                    size="xs"
                    variant="subtle"
                    fullWidth
                    mt="xs"
                    loading={list.isFetchingNextPage}
                    onClick={() => void list.fetchNextPage()}
                  >
                    Load more
                  </Button>
                )}
              </ScrollArea.Autosize>
            )}
            {list.isFetchNextPageError && (
              <Text size="xs" c="red.8" role="alert">
                Could not load more notifications. {list.error?.message}
              </Text>
            )}
            <Divider />
            <Button size="xs" variant="default" onClick={() => readAll.mutate()} loading={readAll.isPending} disabled={unread === 0}>
              Read all notifications
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
