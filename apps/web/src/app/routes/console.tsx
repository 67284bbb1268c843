// The operations console's route group (DECISIONS 17): /console with its own layout and menu,
// for administrators only. Its code is loaded lazily, so a consumer or merchant never downloads
// it; anyone but an administrator (or an administrator logged in as a merchant) is sent home.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { useLocalState } from '../../hooks/use-local-state.ts';
import { lazyPage } from '../lazy-page.ts';
import { AUTH_PATHS, CONSOLE_PATHS, CONSOLE_ROOT } from '../../lib/paths.ts';

const ConsoleLayout = lazyPage(() => import('../../console/console-layout.tsx'), 'ConsoleLayout');
const Stores = lazyPage(() => import('../../console/pages/stores-page.tsx'), 'ConsoleStoresPage');
const Kyc = lazyPage(() => import('../../console/pages/kyc-page.tsx'), 'ConsoleKycPage');
const Merchants = lazyPage(() => import('../../console/pages/merchants-page.tsx'), 'ConsoleMerchantsPage');
const AuditLog = lazyPage(() => import('../../console/pages/audit-log-page.tsx'), 'ConsoleAuditLogPage');
const MerchantFees = lazyPage(() => import('../../console/pages/merchant-fees-page.tsx'), 'ConsoleMerchantFeesPage');
const Refunds = lazyPage(() => import('../../console/pages/refunds-page.tsx'), 'ConsoleRefundsPage');
const Withdrawals = lazyPage(() => import('../../console/pages/withdrawals-page.tsx'), 'ConsoleWithdrawalsPage');
const LedgerHealth = lazyPage(() => import('../../console/pages/ledger-health-page.tsx'), 'ConsoleLedgerHealthPage');
const SettlementConfigs = lazyPage(() => import('../../console/pages/settlement-configs-page.tsx'), 'ConsoleSettlementConfigsPage');
const SettlementRuns = lazyPage(() => import('../../console/pages/settlement-runs-page.tsx'), 'ConsoleSettlementRunsPage');

/** Administrators only; the server refuses every console call to anyone else anyway. */
function RequireAdmin({ children }: { children: ReactNode }) {
  const accessToken = useLocalState('accessToken');
  const user = useLocalState('user');
  if (!accessToken) return <Navigate to={AUTH_PATHS.sendOtp} replace />;
  if (user?.type !== 'admin') return <Navigate to="/" replace />;
  return children;
}

const child = (path: string) => path.slice(CONSOLE_ROOT.length + 1);

export const consoleRoutes: RouteObject = {
  path: 'console',
  element: (
    <RequireAdmin>
      <ConsoleLayout />
    </RequireAdmin>
  ),
  children: [
    { index: true, element: <Navigate to={CONSOLE_PATHS.stores} replace /> },
    { path: child(CONSOLE_PATHS.stores), element: <Stores /> },
    { path: child(CONSOLE_PATHS.kyc), element: <Kyc /> },
    { path: child(CONSOLE_PATHS.merchants), element: <Merchants /> },
    { path: child(CONSOLE_PATHS.auditLog), element: <AuditLog /> },
    { path: child(CONSOLE_PATHS.merchantFees), element: <MerchantFees /> },
    { path: child(CONSOLE_PATHS.refunds), element: <Refunds /> },
    { path: child(CONSOLE_PATHS.withdrawals), element: <Withdrawals /> },
    { path: child(CONSOLE_PATHS.ledgerHealth), element: <LedgerHealth /> },
    { path: child(CONSOLE_PATHS.settlementConfigs), element: <SettlementConfigs /> },
    { path: child(CONSOLE_PATHS.settlementRuns), element: <SettlementRuns /> },
    { path: '*', element: <Navigate to={CONSOLE_PATHS.stores} replace /> },
  ],
};
