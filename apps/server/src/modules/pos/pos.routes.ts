import {
  addPosDeviceCall,
  getPosDevicesCall,
  managePosDevicesCall,
  resetStaffPosdevicePasswordCall,
  updatePosDeviceCall,
} from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import * as pos from './pos.service.ts';

// The merchant's POS devices: the owner and staff granted pos-devices act on the main account's devices.
export function registerPosCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getPosDevicesCall, async (input, ctx) => ({ data: await pos.getPosDevices(deps, ctx.scope, input) }));
  dispatcher.register(addPosDeviceCall, async (input, ctx) => ({
    data: await pos.addPosDevice(deps, ctx.audit, ctx.scope, input),
    message: 'The device has been registered.',
  }));
  dispatcher.register(updatePosDeviceCall, async (input, ctx) => ({
    data: await pos.updatePosDevice(deps, ctx.audit, ctx.scope, input),
    message: 'The device has been updated.',
  }));
  dispatcher.register(managePosDevicesCall, async (input, ctx) => {
    if (input.posStaffId !== undefined) {
      const pivot = await pos.savePosStaffSettings(deps, ctx.audit, ctx.scope, input.posStaffId, input.settings ?? []);
      return { data: { pivot }, message: 'The terminal configuration has been saved.' };
    }
    const staff = await pos.assignPosStaff(deps, ctx.audit, ctx.scope, input.posDeviceId!, input.staffIds ?? []);
    return { data: { staff }, message: 'The staff assignment has been saved.' };
  });
  dispatcher.register(resetStaffPosdevicePasswordCall, async (input, ctx) => ({
    data: await pos.resetPosStaffPassword(deps, ctx.audit, ctx.scope, input.posDeviceId, input.staffId),
    message: 'The device password has been reset.',
  }));
}
