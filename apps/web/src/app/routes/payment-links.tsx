// Payment links (spec 3 section 2.1): the list, Add, the link's transactions, its attempts and an
// attempt's logs, behind the payment-link feature, for merchants only. One lazy route whose
// area routes the five screens within it (features/payment-links/pages/payment-link-area.tsx).
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.ts';
import { appChild, MERCHANT_PATHS } from '../../lib/paths.ts';
import { featureGroup } from './feature-group.tsx';

const PaymentLinkArea = lazyPage(() => import('../../features/payment-links/pages/payment-link-area.tsx'), 'PaymentLinkArea');

export const paymentLinkRoutes: RouteObject[] = [
  featureGroup('payment-link', [{ path: `${appChild(MERCHANT_PATHS.paymentLink)}/*`, element: <PaymentLinkArea /> }], 'merchant'),
];
