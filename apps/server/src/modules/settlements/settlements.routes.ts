import {
  adminGetSettlementConfigsCall,
  adminGetSettlementRunsCall,
  adminRemoveSettlementConfigCall,
  adminRunSettlementsCall,
  adminUpdateSettlementConfigCall,
  settlementsCall,
} from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import * as settlements from './settlements.service.ts';
import * as runs from './settlement-runs.service.ts';

// The merchant's settlements (staff granted the settlements feature read their merchant's), and
// the console's configurations and runs (administrators only).
export function registerSettlementCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(settlementsCall, async (input, ctx) => ({
    data: await settlements.getSettlements(deps, ctx.scope.accountHolderId, input),
  }));
  dispatcher.register(adminGetSettlementConfigsCall, async (input) => ({ data: await settlements.getSettlementConfigs(deps, input) }));
  dispatcher.register(adminUpdateSettlementConfigCall, async (input, ctx) => ({
    data: await settlements.updateSettlementConfig(deps, ctx.audit, input),
    message: 'The settlement configuration was saved.',
  }));
  dispatcher.register(adminRemoveSettlementConfigCall, async (input, ctx) => ({
    data: await settlements.removeSettlementConfig(deps, ctx.audit, input),
    message: "The channel's settlement configuration was removed: its payments follow the merchant's configuration.",
  }));
  dispatcher.register(adminRunSettlementsCall, async (input, ctx) => ({
    data: await runs.runSettlements(deps, ctx.audit, input),
    message: 'The settlement run was started.',
  }));
  dispatcher.register(adminGetSettlementRunsCall, async (input) => ({ data: await runs.getSettlementRuns(deps, input) }));
}
