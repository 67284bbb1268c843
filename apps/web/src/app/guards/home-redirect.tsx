import { Navigate } from 'react-router-dom';
import { isSignedIn } from '../../lib/storage.ts';

/** '/' leads to the app when signed in, else to the e-mail step. */
export function HomeRedirect() {
  return <Navigate to={isSignedIn() ? '/app' : '/auth/send-otp'} replace />;
}
