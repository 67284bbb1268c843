// The shell's bell (spec 2): the unread count on the bell, a dropdown with the latest
// notifications, 'Read all notifications', and a link to the all-notification page. While the
// app is open, new notifications arrive live (a toast and the count go up without a reload). The
// bell and its panel are the console's too (components/notification-bell-panel.tsx); this reads
// the summary and adds View all.
import { Button } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { TEXTS } from '@paywallet/contract';
import { PATHS } from '../../../lib/paths.ts';
import { bellListStateOf, NotificationBellPanel } from '../../../components/notification-bell-panel.tsx';
import { useAdminSession } from '../../../hooks/use-admin-session.ts';
import { usePhoneWidth } from '../../../hooks/use-phone-width.ts';
import { useLiveNotifications } from '../../../hooks/use-live-notifications.ts';
import { useNotificationSummary } from '../../../hooks/use-notifications.ts';

export function NotificationBell() {
  // Compact at phone width, so the top bar still fits the wallet select and the user menu in 390 px.
  const phone = usePhoneWidth();
  const navigate = useNavigate();
  const summary = useNotificationSummary();
  // An administrator logged in as the merchant reads the merchant's bell, without live toasts.
  const isAdmin = useAdminSession();
  useLiveNotifications(!isAdmin);

  return (
    <NotificationBellPanel
      unread={summary.data?.unreadCount ?? 0}
      rows={summary.data?.data ?? []}
      list={bellListStateOf(summary)}
      emptyMessage={TEXTS.noData}
      listLabel="Latest notifications"
      listMaxHeight={280}
      width={340}
      compact={phone}
      footerAction={(close) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            close();
            void navigate(PATHS.allNotification);
          }}
        >
          View all
        </Button>
      )}
    />
  );
}
