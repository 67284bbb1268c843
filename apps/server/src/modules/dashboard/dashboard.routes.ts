import { getBalanceOnHoldCall, getDashboardFeatureListCall, getUserProfileCall, merchantDashboardOverviewCall } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { featureListFor, profileFor } from './dashboard.service.ts';
import { dashboardOverview } from './dashboard-overview.service.ts';
import { getBalanceOnHold } from './held-balance.service.ts';

export function registerDashboardCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getDashboardFeatureListCall, async (_input, ctx) => ({ data: await featureListFor(deps, ctx.scope) }));
  dispatcher.register(getUserProfileCall, async (_input, ctx) => ({ data: await profileFor(deps, ctx.scope) }));
  dispatcher.register(merchantDashboardOverviewCall, async (input, ctx) => ({ data: await dashboardOverview(deps, ctx.scope, input) }));
  dispatcher.register(getBalanceOnHoldCall, async (input, ctx) => ({
    data: await getBalanceOnHold(deps, ctx.scope.accountHolderId, input),
  }));
}
