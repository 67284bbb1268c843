// Withdrawals (issue 16): the Withdrawals screen, Add withdrawal method and New withdrawal request, behind the with-drawal feature.
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.ts';
import { appChild, MERCHANT_PATHS } from '../../lib/paths.ts';
import { featureGroup } from './feature-group.tsx';

const Withdrawals = lazyPage(() => import('../../features/withdrawals/pages/withdrawals-page.tsx'), 'WithdrawalsPage');
const AddMethod = lazyPage(() => import('../../features/withdrawals/pages/add-withdrawal-method-page.tsx'), 'AddWithdrawalMethodPage');
const AddRequest = lazyPage(() => import('../../features/withdrawals/pages/add-withdrawal-request-page.tsx'), 'AddWithdrawalRequestPage');

export const withdrawalRoutes: RouteObject[] = [
  featureGroup(
    'with-drawal',
    [
      { path: appChild(MERCHANT_PATHS.withdrawals), element: <Withdrawals /> },
      { path: appChild(MERCHANT_PATHS.withdrawalMethodAdd), element: <AddMethod /> },
      { path: appChild(MERCHANT_PATHS.withdrawalRequestAdd), element: <AddRequest /> },
    ],
    'merchant',
  ),
];
