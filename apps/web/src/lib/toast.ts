// Toasts (spec 1 section 8): top right, 2 seconds, one at a time, never the same type twice
// on screen. A new toast replaces whatever is shown instead of queueing behind it.
import { notifications, notificationsStore } from '@mantine/notifications';

export type ToastType = 'success' | 'error' | 'info';

export const TOAST_AUTO_CLOSE_MS = 2000;

const LOOK: Record<ToastType, { title: string; color: string }> = {
  success: { title: 'Success', color: 'teal' },
  error: { title: 'Error', color: 'red' },
  info: { title: 'Info', color: 'blue' },
};

let sequence = 0;

export function showToast(type: ToastType, message: string): void {
  sequence += 1;
  const { title, color } = LOOK[type];
  notifications.updateState(notificationsStore, () => [
    {
      id: `toast-${type}-${sequence}`,
      title,
      message,
      color,
      autoClose: TOAST_AUTO_CLOSE_MS,
      withBorder: true,
    },
  ]);
}
