// Screens that need a session: without a stored accessToken the user goes to send-otp.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useLocalState } from '../../hooks/use-local-state.ts';

export function RequireSession({ children }: { children: ReactNode }) {
  const accessToken = useLocalState('accessToken');
  if (!accessToken) return <Navigate to="/auth/send-otp" replace />;
  return children;
}
