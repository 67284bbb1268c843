import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';

/**
 * Sets a new random device password for one person assigned to the device and answers it once
 * (DECISIONS 10): only its hash is stored, so it cannot be shown again.
 */
export const ZResetStaffPosdevicePasswordRequest = z.object({
  posDeviceId: zId('pos device'),
  staffId: zId('staff'),
});
export const ZResetStaffPosdevicePasswordResponse = z.object({ username: z.string(), password: z.string() });
export const resetStaffPosdevicePasswordCall = defineCall({
  path: 'reset-staff-posdevice-password',
  audience: ['merchant'],
  session: 'full',
  feature: 'pos-devices',
  kind: 'write',
  audit: 'pos-device.reset-password',
  request: ZResetStaffPosdevicePasswordRequest,
  response: ZResetStaffPosdevicePasswordResponse,
});
export type TResetStaffPosdevicePasswordRequest = z.input<typeof ZResetStaffPosdevicePasswordRequest>;
export type TResetStaffPosdevicePasswordResponse = z.output<typeof ZResetStaffPosdevicePasswordResponse>;
