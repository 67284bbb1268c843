// The top bar's notice of an administrator logged in as the merchant: 'Logged In By Admin' and
// 'Back to console', which ends the impersonation on the server (its session is revoked and the
// admin_login cookie cleared), takes the administrator's own session back and opens the console.
// Shown only when the server's profile says so (hooks/use-admin-session.ts).
import { Badge, Button, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { adminEndImpersonationCall, TEXTS } from '@paywallet/contract';
import { call } from '../api/client.ts';
import { AUTH_PATHS, CONSOLE_ROOT } from '../lib/paths.ts';
import { resumeConsoleSession } from '../lib/console-session.ts';
import { clearClientState } from '../lib/storage.ts';

export const BACK_TO_CONSOLE = 'Back to console';
/** Darker than orange.9, so the white label keeps a 4.5:1 contrast at the badge's small size. */
export const ADMIN_ORANGE = '#a63a0b';

/**
 * 'top-bar': the notice from the xs breakpoint up (and the way back from sm up); 'strip': the
 * notice below xs, across the top of the screen, so a phone shows it without opening anything;
 * 'drawer': the way back below sm, in the phone menu.
 */
export function ImpersonationBanner({ placement = 'top-bar' }: { placement?: 'top-bar' | 'strip' | 'drawer' }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const back = useMutation({
    mutationFn: () => call(adminEndImpersonationCall, {}, { successToast: false }),
    onSettled: () => {
      // Whatever the server said, the merchant's session is not used again here.
      queryClient.clear();
      if (resumeConsoleSession()) {
        navigate(CONSOLE_ROOT, { replace: true });
      } else {
        clearClientState();
        navigate(AUTH_PATHS.sendOtp, { replace: true });
      }
    },
  });
  if (placement === 'strip') {
    return (
      <Badge color={ADMIN_ORANGE} variant="filled" fullWidth radius="sm" size="lg" mb="sm" hiddenFrom="xs" role="status">
        {TEXTS.loggedInByAdmin}
      </Badge>
    );
  }
  if (placement === 'drawer') {
    // Below the sm breakpoint the top bar has no room for the way back: the drawer offers it.
    return (
      <Button size="xs" variant="default" fullWidth mb="md" hiddenFrom="sm" loading={back.isPending} onClick={() => back.mutate()}>
        {BACK_TO_CONSOLE}
      </Button>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-label={TEXTS.loggedInByAdmin} visibleFrom="xs">
      <Badge color={ADMIN_ORANGE} variant="filled">
        {TEXTS.loggedInByAdmin}
      </Badge>
      <Button size="xs" variant="default" visibleFrom="sm" loading={back.isPending} onClick={() => back.mutate()}>
        {BACK_TO_CONSOLE}
      </Button>
    </Group>
  );
}
