// Logout: tell the server, then forget everything here and go to send-otp, whatever the
// server answered (the user asked to leave).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { logoutUser } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { clearClientState } from '../../../lib/storage.ts';

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(logoutUser, {}, { sessionEndedNotice: false }),
    onSettled: () => {
      clearClientState();
      queryClient.clear();
      navigate('/auth/send-otp', { replace: true });
    },
  });
}
