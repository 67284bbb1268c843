// Merchant staff (spec 3 section 2.2): the list, add, update and permissions screens, behind the
// merchant-staff feature; each screen is its own chunk.
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.ts';
import { appChild, MERCHANT_PATHS } from '../../lib/paths.ts';
import { featureGroup } from './feature-group.tsx';

const StaffList = lazyPage(() => import('../../features/staff/pages/staff-list-page.tsx'), 'StaffListPage');
const StaffAdd = lazyPage(() => import('../../features/staff/pages/staff-add-page.tsx'), 'StaffAddPage');
const StaffUpdate = lazyPage(() => import('../../features/staff/pages/staff-update-page.tsx'), 'StaffUpdatePage');
const StaffPermissions = lazyPage(() => import('../../features/staff/pages/staff-permissions-page.tsx'), 'StaffPermissionsPage');

export const staffRoutes: RouteObject[] = [
  featureGroup(
    'merchant-staff',
    [
      { path: appChild(MERCHANT_PATHS.merchantStaff), element: <StaffList /> },
      { path: appChild(MERCHANT_PATHS.merchantStaffAdd), element: <StaffAdd /> },
      { path: appChild(MERCHANT_PATHS.merchantStaffUpdate), element: <StaffUpdate /> },
      { path: appChild(MERCHANT_PATHS.merchantStaffPermission), element: <StaffPermissions /> },
    ],
    'merchant',
  ),
];
