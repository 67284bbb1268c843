// The merchant server API's back-office screen (issue 10): the API payments behind the
// api-payment feature.
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.ts';
import { appChild, MERCHANT_PATHS } from '../../lib/paths.ts';
import { featureGroup } from './feature-group.tsx';

const ApiPayments = lazyPage(() => import('../../features/api-payments/pages/api-payments-page.tsx'), 'ApiPaymentsPage');

export const apiPaymentRoutes: RouteObject[] = [
  featureGroup('api-payment', [{ path: appChild(MERCHANT_PATHS.apiPayment), element: <ApiPayments /> }], 'merchant'),
];
