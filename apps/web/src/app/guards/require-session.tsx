// Screens that need a session: without a stored accessToken the user goes to send-otp; an
// administrator (not logged in as a merchant) goes to the console.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useLocalState } from '../../hooks/use-local-state.ts';
import { AUTH_PATHS, CONSOLE_ROOT } from '../../lib/paths.ts';

export function RequireSession({ children }: { children: ReactNode }) {
  const accessToken = useLocalState('accessToken');
  const user = useLocalState('user');
  if (!accessToken) return <Navigate to={AUTH_PATHS.sendOtp} replace />;
  // An administrator's own session belongs to the console; logged in as a merchant, it is a merchant's.
  if (user?.type === 'admin') return <Navigate to={CONSOLE_ROOT} replace />;
  return children;
}
