// The app home (dashboard-overview, /app) and the user's own profile, which every signed-in
// account has (it is in the user menu, not a feature).
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.ts';
import { appChild, MERCHANT_PATHS } from '../../lib/paths.ts';
import { featureGroup } from './feature-group.tsx';

const Dashboard = lazyPage(() => import('../../features/dashboard/pages/dashboard-page.tsx'), 'DashboardPage');
const HoldBalance = lazyPage(() => import('../../features/dashboard/pages/hold-balance-page.tsx'), 'HoldBalancePage');
const Profile = lazyPage(() => import('../../features/profile/pages/profile-page.tsx'), 'ProfilePage');

export const homeRoutes: RouteObject[] = [
  featureGroup('dashboard-overview', [{ index: true, element: <Dashboard /> }]),
  featureGroup('dashboard-overview', [{ path: appChild(MERCHANT_PATHS.holdBalance), element: <HoldBalance /> }], 'merchant'),
  { path: appChild(MERCHANT_PATHS.profile), element: <Profile /> },
];
