// Where toasts appear: Mantine's Notifications container, fed by the store that lib/toast.ts
// writes to. The container, with its transition group, scroll-lock class names and swipe
// gesture, is about 11 KB of compressed JavaScript, and a sign-in page has no toast to show
// until the user does something. So on the sign-in pages (/auth/...) it loads at the user's
// first key press or pointer press, or at the first toast, whichever comes first; on every
// other first page it loads at once. A toast asked for before it arrives waits in the store
// and shows when it does. If it cannot load (the network went down before the first
// interaction; browsers do not retry a module that failed), toasts are shown by the small
// fallback below for the rest of the visit.
import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { Box, Notification } from '@mantine/core';
import { notifications, useNotifications } from '@mantine/notifications';
import type { NotificationsProps } from '@mantine/notifications';
import { HEADER_HEIGHT_PX } from './shell-metrics.ts';

/** The first page of the visit decides: only the sign-in pages wait for an interaction. */
const SIGN_IN_PREFIX = '/auth/';
const INTERACTION_EVENTS = ['pointerdown', 'keydown'] as const;
const FALLBACK_AUTO_CLOSE_MS = 2000;

type Container = ComponentType<NotificationsProps>;

/** Resolves once the user presses a key or a pointer (never a programmatic focus). */
function useFirstInteraction(enabled: boolean): boolean {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (!enabled || interacted) return;
    const onInteraction = (event: Event) => {
      if (event.isTrusted) setInteracted(true);
    };
    for (const name of INTERACTION_EVENTS) window.addEventListener(name, onInteraction, { capture: true, passive: true });
    return () => {
      for (const name of INTERACTION_EVENTS) window.removeEventListener(name, onInteraction, { capture: true });
    };
  }, [enabled, interacted]);
  return interacted;
}

export function Toaster(props: NotificationsProps) {
  const [deferred] = useState(() => window.location.pathname.startsWith(SIGN_IN_PREFIX));
  const interacted = useFirstInteraction(deferred);
  const { notifications: shown } = useNotifications();
  const [container, setContainer] = useState<{ Component: Container } | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const wanted = !deferred || interacted || shown.length > 0;

  useEffect(() => {
    if (container || !wanted) return;
    let current = true;
    import('./toast-container.tsx').then(
      (module) => current && setContainer({ Component: module.ToastContainer }),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [container, wanted]);

  if (container) return <container.Component {...props} />;
  return failed ? <FallbackToast /> : null;
}

/** The current toast without the container: a plain notification in the top right corner. */
function FallbackToast() {
  const { notifications: shown } = useNotifications();
  const toast = shown[0];
  useEffect(() => {
    if (!toast) return;
    const closeMs = typeof toast.autoClose === 'number' ? toast.autoClose : FALLBACK_AUTO_CLOSE_MS;
    const timer = window.setTimeout(() => notifications.hide(toast.id ?? ''), closeMs);
    return () => window.clearTimeout(timer);
  }, [toast]);
  if (!toast) return null;
  return (
    <Box pos="fixed" right={16} w="min(440px, calc(100vw - 32px))" style={{ zIndex: 3000, top: `calc(${HEADER_HEIGHT_PX}px + 8px)` }}>
      <Notification
        title={toast.title}
        color={toast.color}
        withBorder
        onClose={() => notifications.hide(toast.id ?? '')}
        closeButtonProps={{ 'aria-label': 'Close notification' }}
      >
        {toast.message}
      </Notification>
    </Box>
  );
}
