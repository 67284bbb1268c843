// Refunds (issue 15): the Refund requests screen and Add refund request, behind the refund feature.
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.ts';
import { appChild, MERCHANT_PATHS } from '../../lib/paths.ts';
import { featureGroup } from './feature-group.tsx';

const Refunds = lazyPage(() => import('../../features/refunds/pages/refunds-page.tsx'), 'RefundsPage');
const RefundCreate = lazyPage(() => import('../../features/refunds/pages/refund-create-page.tsx'), 'RefundCreatePage');

export const refundRoutes: RouteObject[] = [
  featureGroup(
    'refund',
    [
      { path: appChild(MERCHANT_PATHS.refund), element: <Refunds /> },
      { path: appChild(MERCHANT_PATHS.refundCreate), element: <RefundCreate /> },
    ],
    'merchant',
  ),
];
