import { getDashboardFeatureListCall, getUserProfileCall } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { featureListFor, profileFor } from './dashboard.service.ts';

export function registerDashboardCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getDashboardFeatureListCall, async (_input, ctx) => ({ data: await featureListFor(deps, ctx.scope) }));
  dispatcher.register(getUserProfileCall, async (_input, ctx) => ({ data: await profileFor(deps, ctx.scope) }));
}
