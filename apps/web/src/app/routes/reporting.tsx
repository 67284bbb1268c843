// The account ledger and the Generate Report screen (issue 15), each behind its own feature,
// for merchants.
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.ts';
import { appChild, MERCHANT_PATHS } from '../../lib/paths.ts';
import { featureGroup } from './feature-group.tsx';

const AccountLedger = lazyPage(() => import('../../features/account-ledger/pages/account-ledger-page.tsx'), 'AccountLedgerPage');
const GenerateReport = lazyPage(() => import('../../features/reports/pages/generate-report-page.tsx'), 'GenerateReportPage');

export const reportingRoutes: RouteObject[] = [
  featureGroup('account-ledger', [{ path: appChild(MERCHANT_PATHS.accountLedger), element: <AccountLedger /> }], 'merchant'),
  featureGroup('reports', [{ path: appChild(MERCHANT_PATHS.reportsTransaction), element: <GenerateReport /> }], 'merchant'),
];
