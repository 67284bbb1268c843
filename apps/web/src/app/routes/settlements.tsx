// Settlements (issue 16): the list with its Aggregate and Direct tabs, and each kind's details,
// behind the settlements feature (merchant only). `agregate-settlement` and `direct-settlement`
// (spec 3 section 2.6) open the list on their tab.
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.ts';
import { appChild, MERCHANT_PATHS } from '../../lib/paths.ts';
import { featureGroup } from './feature-group.tsx';

const Settlements = lazyPage(() => import('../../features/settlements/pages/settlements-page.tsx'), 'SettlementsPage');
const AggregateDetails = lazyPage(
  () => import('../../features/settlements/pages/settlement-details-page.tsx'),
  'AggregateSettlementDetailsPage',
);
const DirectDetails = lazyPage(() => import('../../features/settlements/pages/settlement-details-page.tsx'), 'DirectSettlementDetailsPage');

/** The list on one tab, keeping whatever else the link carried (propFilters). */
function ToTab({ tab }: { tab: '1' | '2' }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.set('tab', tab);
  return <Navigate to={`${MERCHANT_PATHS.settlements}?${params.toString()}`} replace />;
}

export const settlementRoutes: RouteObject[] = [
  featureGroup(
    'settlements',
    [
      { path: appChild(MERCHANT_PATHS.settlements), element: <Settlements /> },
      { path: appChild(MERCHANT_PATHS.agregateSettlement), element: <ToTab tab="1" /> },
      { path: appChild(MERCHANT_PATHS.directSettlement), element: <ToTab tab="2" /> },
      { path: appChild(MERCHANT_PATHS.agregateSettlementDetail), element: <AggregateDetails /> },
      { path: appChild(MERCHANT_PATHS.directSettlementDetail), element: <DirectDetails /> },
    ],
    'merchant',
  ),
];
