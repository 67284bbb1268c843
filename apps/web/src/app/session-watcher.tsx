// Reacts to the client's "session ended" (a 401): server state is dropped, the user goes to
// send-otp, and if they were inside the app the logout notice tells them why. Cached server
// state also goes whenever the session token changes, so one user never sees another's data.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { onSessionEnded } from '../api/session-events.ts';
import { LogoutNoticeModal } from '../components/logout-notice-modal.tsx';
import { useLocalState } from '../hooks/use-local-state.ts';

const SEND_OTP = '/auth/send-otp';

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
      onSessionEnded(() => {
        queryClient.clear();
        if (window.location.pathname.startsWith('/app')) setNoticeOpen(true);
        navigate(SEND_OTP, { replace: true });
      }),
    [navigate, queryClient],
  );

  return (
    <LogoutNoticeModal
      opened={noticeOpen}
      onOk={() => {
        setNoticeOpen(false);
        navigate(SEND_OTP, { replace: true });
      }}
    />
  );
}
