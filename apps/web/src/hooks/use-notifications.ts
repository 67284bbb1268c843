// The signed-in user's notifications: the bell's summary (the latest few and the unread count),
// the all-notification page's load-more list, and 'Read all notifications'. The live stream
// (live-notifications.ts) adds to the summary as notifications arrive.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { notificationsCall, readAllNotificationsCall } from '@paywallet/contract';
import type { TNotification, TNotificationsResponse } from '@paywallet/contract';
import { call } from '../api/client.ts';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
const SUMMARY_KEY = [...NOTIFICATIONS_QUERY_KEY, 'summary'] as const;
/** How many the bell's dropdown lists. */
export const BELL_ROWS = 5;

export function useNotificationSummary() {
  return useQuery({
    queryKey: SUMMARY_KEY,
    queryFn: ({ signal }) => call(notificationsCall, { perPage: BELL_ROWS }, { signal }),
  });
}

/** A notification that arrived live: on top of the bell's list, one more unread; then re-read. */
export function addLiveNotification(queryClient: QueryClient, notification: TNotification): void {
  queryClient.setQueryData<TNotificationsResponse>(SUMMARY_KEY, (summary) =>
    summary && !summary.data.some((row) => row.id === notification.id)
      ? { ...summary, data: [notification, ...summary.data].slice(0, BELL_ROWS), unreadCount: summary.unreadCount + 1 }
      : summary,
  );
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
}

/** After a reconnect (events may have been missed while the stream was down): read again. */
export function refreshNotifications(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
}

export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(readAllNotificationsCall, {}),
    onSuccess: (answer) => {
      queryClient.setQueryData<TNotificationsResponse>(SUMMARY_KEY, (summary) =>
        summary ? { ...summary, unreadCount: answer.unreadCount } : summary,
      );
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    },
  });
}
