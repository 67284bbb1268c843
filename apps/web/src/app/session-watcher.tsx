// What the app does when the session is gone (api/session-events.ts). Spec 1 section 8 names two
// cases, and they are shown apart:
//   - a call answered 401: the client has shown the error toast with the server's message and
//     cleared the client state; here server state is dropped and the user goes to send-otp. No
//     dialog: the toast says what happened.
//   - the feature list refused when the shell opens ("If the feature list returns a non-200 code,
//     the user goes to send-otp. A logout notice 'You Are logged Out From The System' has OK,
//     which goes to send-otp"; the same in spec 2 section 4): the user goes to send-otp and the
//     logout notice stays until OK. This is the case of opening the app on a session that ended
//     elsewhere (signed out on another device, expired, or the account disabled).
// Cached server state also goes whenever the session token changes, so one user never sees
// another's data.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { onSessionEnded } from '../api/session-events.ts';
import { LogoutNoticeModal } from '../components/logout-notice-modal.tsx';
import { useLocalState } from '../hooks/use-local-state.ts';
import { AUTH_PATHS } from '../lib/paths.ts';

export function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [noticeOpen, setNoticeOpen] = useState(false);
  const accessToken = useLocalState('accessToken');
  const previousToken = useRef(accessToken);

  useEffect(() => {
    if (previousToken.current === accessToken) return;
    previousToken.current = accessToken;
    queryClient.clear();
  }, [accessToken, queryClient]);

  useEffect(
    () =>
      onSessionEnded((end) => {
        queryClient.clear();
        if (end === 'logged-out') setNoticeOpen(true);
        navigate(AUTH_PATHS.sendOtp, { replace: true });
      }),
    [navigate, queryClient],
  );

  return (
    <LogoutNoticeModal
      opened={noticeOpen}
      onOk={() => {
        setNoticeOpen(false);
        navigate(AUTH_PATHS.sendOtp, { replace: true });
      }}
    />
  );
}
