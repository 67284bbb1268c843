import {
  addMerchantStaffCall,
  getMerchantStaffCall,
  getMerchantStaffFeaturesCall,
  manageMerchantStaffFeaturesCall,
  updateMerchantStaffCall,
} from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import {
  addMerchantStaff,
  getMerchantStaff,
  getMerchantStaffFeatures,
  manageMerchantStaffFeatures,
  updateMerchantStaff,
} from './staff.service.ts';

// The merchant's staff: the scope decides whose staff (the main account's, for a staff member too).
export function registerStaffCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getMerchantStaffCall, async (input, ctx) => ({ data: await getMerchantStaff(deps, ctx.scope, input) }));
  dispatcher.register(addMerchantStaffCall, async (input, ctx) => ({
    data: await addMerchantStaff(deps, ctx.scope, ctx.audit, input),
    message: 'Staff member added successfully',
  }));
  dispatcher.register(updateMerchantStaffCall, async (input, ctx) => ({
    data: await updateMerchantStaff(deps, ctx.scope, ctx.audit, input),
    message: 'Staff member updated successfully',
  }));
  dispatcher.register(getMerchantStaffFeaturesCall, async (input, ctx) => ({
    data: await getMerchantStaffFeatures(deps, ctx.scope, input.userId),
  }));
  dispatcher.register(manageMerchantStaffFeaturesCall, async (input, ctx) => ({
    data: await manageMerchantStaffFeatures(deps, ctx.scope, ctx.audit, input),
    message: 'Permissions updated successfully',
  }));
}
