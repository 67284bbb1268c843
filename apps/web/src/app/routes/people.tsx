// Customers, notifications (issue 9): the merchant's customers behind the merchant-customers
// feature, and the all-notification page every signed-in account has (the bell links to it).
// The profile route stays in home.tsx; its page shows the merchant profile to merchants.
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.ts';
import { appChild, MERCHANT_PATHS } from '../../lib/paths.ts';
import { featureGroup } from './feature-group.tsx';

const Customers = lazyPage(() => import('../../features/customers/pages/customers-page.tsx'), 'CustomersPage');
const AllNotifications = lazyPage(() => import('../../features/notifications/pages/all-notifications-page.tsx'), 'AllNotificationsPage');

export const peopleRoutes: RouteObject[] = [
  featureGroup('merchant-customers', [{ path: appChild(MERCHANT_PATHS.merchantCustomers), element: <Customers /> }], 'merchant'),
  { path: appChild(MERCHANT_PATHS.allNotification), element: <AllNotifications /> },
];
