// POS devices (spec 3 section 2.3): the list, Add, Update and Assign Staff, behind the
// pos-devices feature, for merchants only.
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.ts';
import { appChild, MERCHANT_PATHS } from '../../lib/paths.ts';
import { featureGroup } from './feature-group.tsx';

const PosDevices = lazyPage(() => import('../../features/pos/pages/pos-devices-page.tsx'), 'PosDevicesPage');
const PosAdd = lazyPage(() => import('../../features/pos/pages/pos-add-page.tsx'), 'PosAddPage');
const PosUpdate = lazyPage(() => import('../../features/pos/pages/pos-update-page.tsx'), 'PosUpdatePage');
const PosAssignStaff = lazyPage(() => import('../../features/pos/pages/pos-assign-staff-page.tsx'), 'PosAssignStaffPage');

export const posRoutes: RouteObject[] = [
  featureGroup(
    'pos-devices',
    [
      { path: appChild(MERCHANT_PATHS.posDevices), element: <PosDevices /> },
      { path: appChild(MERCHANT_PATHS.posAdd), element: <PosAdd /> },
      { path: appChild(MERCHANT_PATHS.posUpdate), element: <PosUpdate /> },
      { path: appChild(MERCHANT_PATHS.posAssignStaff), element: <PosAssignStaff /> },
    ],
    'merchant',
  ),
];
