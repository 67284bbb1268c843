// The operations console's bell (issue 16): the administrator's own notifications (a breach the
// ledger's health check raised, say). The unread count on the bell, a panel listing them ten at
// a time newest first with Load more, 'Read all notifications', and a toast when one arrives
// live (the same stream and ticket as the wallet app's bell, use-live-notifications.ts). The
// list is read again every minute too, so a console whose stream is down still catches up. The
// bell and its panel are the shell's (components/notification-bell-panel.tsx); this reads the list.
import { Button, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { notificationsCall } from '@paywallet/contract';
import { call } from '../../api/client.ts';
import { bellListStateOf, NotificationBellPanel } from '../../components/notification-bell-panel.tsx';
import { useLiveNotifications } from '../../hooks/use-live-notifications.ts';
import { NOTIFICATIONS_QUERY_KEY } from '../../hooks/use-notifications.ts';
import { usePhoneWidth } from '../../hooks/use-phone-width.ts';

/** Ten at a time, as every list (DECISIONS 25). */
const PER_PAGE = 10;
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
  const phone = usePhoneWidth();
  const list = useConsoleNotifications();
  useLiveNotifications(true);
  // The first page carries the count; a later page's is at least as fresh but the first is re-read first.
  const unread = list.data?.pages[0]?.unreadCount ?? 0;
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <NotificationBellPanel
      unread={unread}
      rows={rows}
      list={bellListStateOf(list)}
      emptyMessage="No notifications yet."
      listLabel="Your notifications"
      listMaxHeight={phone ? 360 : 420}
      width={phone ? 'calc(100vw - 16px)' : 380}
      trapFocus
      more={
        list.hasNextPage && (
          <Button size="xs" variant="subtle" fullWidth mt="xs" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Load more
          </Button>
        )
      }
      afterList={
        list.isFetchNextPageError && (
          <Text size="xs" c="red.8" role="alert">
            Could not load more notifications. {list.error?.message}
          </Text>
        )
      }
    />
  );
}
