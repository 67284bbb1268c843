// The merchant and consumer app under /app and the operations console under /console: their
// route tables, with every screen's lazy import, load only when the visit first goes to one
// of their paths (router.tsx, patchRoutesOnNavigation), so the sign-in pages do not carry them.
import type { RouteObject } from 'react-router-dom';
import { RequireSession } from './guards/require-session.tsx';
import { lazyPage } from './lazy-page.ts';
import { consoleRoutes } from './routes/console.tsx';
import { homeRoutes } from './routes/home.tsx';
import { moneyRoutes } from './routes/money.tsx';
import { transactionRoutes } from './routes/transactions.tsx';
import { staffRoutes } from './routes/staff.tsx';
import { posRoutes } from './routes/pos.tsx';
import { peopleRoutes } from './routes/people.tsx';
import { apiPaymentRoutes } from './routes/api-payments.tsx';
import { storeRoutes } from './routes/stores.tsx';
import { paymentLinkRoutes } from './routes/payment-links.tsx';
import { appSettingsRoutes } from './routes/app-settings.tsx';
import { refundRoutes } from './routes/refunds.tsx';
import { withdrawalRoutes } from './routes/withdrawals.tsx';
import { reportingRoutes } from './routes/reporting.tsx';
import { settlementRoutes } from './routes/settlements.tsx';

const AppLayout = lazyPage(() => import('./layouts/app-layout.tsx'), 'AppLayout');
const FeaturePlaceholder = lazyPage(() => import('../features/shell/pages/feature-placeholder-page.tsx'), 'FeaturePlaceholderPage');

export const appAreaRoutes: RouteObject[] = [
  consoleRoutes,
  {
    path: 'app',
    element: (
      <RequireSession>
        <AppLayout />
      </RequireSession>
    ),
    children: [
      ...homeRoutes,
      ...moneyRoutes,
      ...transactionRoutes,
      ...staffRoutes,
      ...posRoutes,
      ...peopleRoutes,
      ...storeRoutes,
      ...paymentLinkRoutes,
      ...appSettingsRoutes,
      ...apiPaymentRoutes,
      ...refundRoutes,
      ...withdrawalRoutes,
      ...reportingRoutes,
      ...settlementRoutes,
      { path: '*', element: <FeaturePlaceholder /> },
    ],
  },
];
