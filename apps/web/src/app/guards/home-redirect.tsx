import { Navigate } from 'react-router-dom';
import { isSignedIn } from '../../lib/storage.ts';
import { APP_ROOT, AUTH_PATHS } from '../../lib/paths.ts';

/** '/' leads to the app when signed in, else to the e-mail step. */
export function HomeRedirect() {
  return <Navigate to={isSignedIn() ? APP_ROOT : AUTH_PATHS.sendOtp} replace />;
}
