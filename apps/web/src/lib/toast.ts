// Toasts (spec 1 section 8): they last 2 seconds, show one at a time, sit top right (below the
// shell's top bar, app/providers.tsx) and never repeat a type: a toast replaces whatever is shown
// instead of queueing behind it, and a toast of the type and message already on screen is not
// shown again (a burst of calls failing alike, a 401 answered to every read of a screen, reads
// as one toast instead of a flicker of the same one).
import { notifications, notificationsStore } from '@mantine/notifications';

export type ToastType = 'success' | 'error' | 'info';

export const TOAST_AUTO_CLOSE_MS = 2000;

const LOOK: Record<ToastType, { title: string; color: string }> = {
  success: { title: 'Success', color: 'teal' },
  error: { title: 'Error', color: 'red' },
  info: { title: 'Info', color: 'blue' },
};

let sequence = 0;
let latest: { id: string; type: ToastType; message: string } | undefined;

/** `title` replaces the type's title ('Success', 'Error', 'Info') where the spec names its own. */
export function showToast(type: ToastType, message: string, options: { title?: string } = {}): void {
  notifications.updateState(notificationsStore, (shown) => {
    const repeat = latest?.type === type && latest.message === message && shown.some((toast) => toast.id === latest?.id);
    if (repeat) return shown;
    sequence += 1;
    latest = { id: `toast-${type}-${sequence}`, type, message };
    const { color } = LOOK[type];
    const title = options.title ?? LOOK[type].title;
    return [
      {
        id: latest.id,
        title,
        message,
        color,
        autoClose: TOAST_AUTO_CLOSE_MS,
        withBorder: true,
        closeButtonProps: { 'aria-label': 'Close notification' },
      },
    ];
  });
}
