// Stores and onboarding (spec 3 section 2.4): the store list, the Onboard Store page and the
// update of a store's onboarding, behind the store feature.
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.ts';
import { appChild, MERCHANT_PATHS } from '../../lib/paths.ts';
import { featureGroup } from './feature-group.tsx';

const Stores = lazyPage(() => import('../../features/stores/pages/stores-page.tsx'), 'StoresPage');
const OnboardStore = lazyPage(() => import('../../features/stores/pages/onboard-store-page.tsx'), 'OnboardStorePage');
const UpdateStore = lazyPage(() => import('../../features/stores/pages/update-store-page.tsx'), 'UpdateStorePage');

export const storeRoutes: RouteObject[] = [
  featureGroup(
    'store',
    [
      { path: appChild(MERCHANT_PATHS.store), element: <Stores /> },
      { path: appChild(MERCHANT_PATHS.storeAccountActivation), element: <OnboardStore /> },
      { path: appChild(MERCHANT_PATHS.storeUpdateAccountActivation), element: <UpdateStore /> },
    ],
    'merchant',
  ),
];
