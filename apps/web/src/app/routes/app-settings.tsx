// App Settings (spec 2): API Keys, Notification and POS Webhook Settings, behind the
// app-setting feature, for merchants only.
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.ts';
import { appChild, MERCHANT_PATHS } from '../../lib/paths.ts';
import { featureGroup } from './feature-group.tsx';

const AppSettings = lazyPage(() => import('../../features/app-settings/pages/app-settings-page.tsx'), 'AppSettingsPage');

export const appSettingsRoutes: RouteObject[] = [
  featureGroup('app-setting', [{ path: appChild(MERCHANT_PATHS.appSetting), element: <AppSettings /> }], 'merchant'),
];
