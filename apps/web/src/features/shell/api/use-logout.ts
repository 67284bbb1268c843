// Logout: tell the server, then forget everything here and go to send-otp, whatever the
// server answered (the user asked to leave).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { logoutUserCall } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { AUTH_PATHS } from '../../../lib/paths.ts';
import { clearClientState } from '../../../lib/storage.ts';

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    // No error toast: the user is leaving whatever the server says (a session that already ended
    // answers 401).
    mutationFn: () => call(logoutUserCall, {}, { errorToast: false }),
    onSettled: () => {
      clearClientState();
      queryClient.clear();
      navigate(AUTH_PATHS.sendOtp, { replace: true });
    },
  });
}
