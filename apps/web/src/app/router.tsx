// The route table (spec 1 section 2, spec 3 section 2.6; every path in paths.ts): the auth group
// under /auth, the app under /app with the dashboard as its home. Each area keeps its route list
// in routes/<area>.tsx, its screens behind the menu feature they belong to.
import { createBrowserRouter } from 'react-router-dom';
import { HomeRedirect } from './guards/home-redirect.tsx';
import { RequireSession } from './guards/require-session.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { lazyPage } from './lazy-page.ts';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { authRoutes } from './routes/auth.tsx';
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

const AppLayout = lazyPage(() => import('./layouts/app-layout.tsx'), 'AppLayout');
const FeaturePlaceholder = lazyPage(() => import('../features/shell/pages/feature-placeholder-page.tsx'), 'FeaturePlaceholderPage');

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomeRedirect /> },
      authRoutes,
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
          { path: '*', element: <FeaturePlaceholder /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
