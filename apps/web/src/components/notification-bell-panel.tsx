// The bell of the wallet app's shell and of the operations console, one component: the unread
// count on the bell, a panel with its header (Notifications, 'N unread'), the loading, error and
// empty states, the notifications (the message, bold and named 'Unread' to a screen reader while
// unread, and the GMT time), and 'Read all notifications'. The data is the caller's (the shell
// reads the summary query, the console a paged list), and so is what it adds: the console's
// Load more under the rows, the shell's View all beside Read all.
import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { PopoverWidth } from '@mantine/core';
import type { TNotification } from '@paywallet/contract';
import { useReadAllNotifications } from '../hooks/use-notifications.ts';
import { GmtDate } from './gmt-date.tsx';
import { Icon } from './icons.tsx';
import { EmptyState, ErrorState, LoadingState } from './query-states.tsx';

/** Above this the bell shows "99+". */
const COUNT_SHOWN_MAX = 99;

/** What the panel reads of the caller's query: its state, its error and how to ask again. */
export interface BellListState {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: Error | null;
  /** Whether rows were read at least once (an error then keeps them rather than replacing them). */
  hasData: boolean;
  retry: () => void;
}

/** The panel's view of a TanStack query (the summary or the paged list). */
export function bellListStateOf(query: {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: Error | null;
  data: unknown;
  refetch: () => unknown;
}): BellListState {
  return {
    isPending: query.isPending,
    isSuccess: query.isSuccess,
    isError: query.isError,
    error: query.error,
    hasData: query.data !== undefined,
    retry: () => void query.refetch(),
  };
}

export interface NotificationBellPanelProps {
  unread: number;
  rows: readonly TNotification[];
  list: BellListState;
  /** The empty state's words. */
  emptyMessage: string;
  /** The scrolling list's accessible name. */
  listLabel: string;
  listMaxHeight: number;
  width: PopoverWidth;
  /** A smaller bell (the shell's at phone width, beside the wallet select and the user menu). */
  compact?: boolean;
  trapFocus?: boolean;
  /** Under the rows, inside the scroll (Load more). */
  more?: ReactNode;
  /** Under the list (Load more's error). */
  afterList?: ReactNode;
  /** Beside Read all, given what closes the panel (View all). */
  footerAction?: (close: () => void) => ReactNode;
}

export function NotificationBellPanel({
  unread,
  rows,
  list,
  emptyMessage,
  listLabel,
  listMaxHeight,
  width,
  compact = false,
  trapFocus = false,
  more,
  afterList,
  footerAction,
}: NotificationBellPanelProps) {
  const [opened, setOpened] = useState(false);
  const readAll = useReadAllNotifications();
  const shownCount = unread > COUNT_SHOWN_MAX ? `${COUNT_SHOWN_MAX}+` : String(unread);
  const readAllButton = (
    <Button size="xs" variant="default" onClick={() => readAll.mutate()} loading={readAll.isPending} disabled={unread === 0}>
      Read all notifications
    </Button>
  );

  return (
    <Indicator label={shownCount} size={18} disabled={unread === 0} color="red.8" offset={4}>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={width} shadow="md" withinPortal trapFocus={trapFocus}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={compact ? 'md' : 'lg'}
            mx={compact ? -6 : 0}
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
            {list.isError && !list.hasData && (
              <ErrorState message={list.error?.message} onRetry={list.retry} title="Could not load notifications" />
            )}
            {list.isSuccess && rows.length === 0 && <EmptyState message={emptyMessage} />}
            {rows.length > 0 && (
              // The list scrolls when long: its viewport takes the focus, so it scrolls by keyboard too.
              <ScrollArea.Autosize mah={listMaxHeight} viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': listLabel }}>
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
                {more}
              </ScrollArea.Autosize>
            )}
            {afterList}
            <Divider />
            {footerAction ? (
              <Group justify="space-between" wrap="nowrap">
                {readAllButton}
                {footerAction(() => setOpened(false))}
              </Group>
            ) : (
              readAllButton
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
