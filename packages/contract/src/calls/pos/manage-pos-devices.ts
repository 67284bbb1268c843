import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId, zOptionalId } from '../../rules.ts';
import { POS_LIMITS, POS_MESSAGES, TERMINAL_SPECIFICATION_NAMES, ZPosAssignedStaff, ZPosPivot } from './common.ts';

/** Arrays may arrive as JSON text (the spec's "JSON array of ids"). */
const fromJsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/**
 * Either assigns exactly `staffIds` to the device `posDeviceId` (replacing who was assigned),
 * or saves the terminal `settings` of one assignment (`posStaffId`, the pivot id).
 */
export const ZManagePosDevicesRequest = z
  .object({
    posDeviceId: zOptionalId('pos device'),
    staffIds: z.preprocess(
      fromJsonText,
      z.array(zId('staff'), { error: POS_MESSAGES.staffIdsRequired }).max(POS_LIMITS.staffIdsMax, POS_MESSAGES.staffIdsTooMany).optional(),
    ),
    posStaffId: zOptionalId('pos staff'),
    settings: z.preprocess(
      fromJsonText,
      z
        .array(z.enum(TERMINAL_SPECIFICATION_NAMES, { error: POS_MESSAGES.settingUnknown }), { error: POS_MESSAGES.settingsRequired })
        .max(TERMINAL_SPECIFICATION_NAMES.length)
        .optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.posStaffId !== undefined) {
      if (value.settings === undefined) ctx.addIssue({ code: 'custom', path: ['settings'], message: POS_MESSAGES.settingsRequired });
      return;
    }
    if (value.posDeviceId === undefined)
      ctx.addIssue({ code: 'custom', path: ['posDeviceId'], message: 'The pos device field is required' });
    if (value.staffIds === undefined) ctx.addIssue({ code: 'custom', path: ['staffIds'], message: POS_MESSAGES.staffIdsRequired });
  });
export const ZManagePosDevicesResponse = z.object({
  /** After an assignment: who is assigned now. */
  staff: z.array(ZPosAssignedStaff).optional(),
  /** After saving settings: the assignment as saved. */
  pivot: ZPosPivot.optional(),
});
export const managePosDevicesCall = defineCall({
  path: 'manage-pos-devices',
  audience: ['merchant'],
  session: 'full',
  feature: 'pos-devices',
  kind: 'write',
  audit: 'pos-device.manage',
  request: ZManagePosDevicesRequest,
  response: ZManagePosDevicesResponse,
});
export type TManagePosDevicesRequest = z.input<typeof ZManagePosDevicesRequest>;
export type TManagePosDevicesInput = z.output<typeof ZManagePosDevicesRequest>;
export type TManagePosDevicesResponse = z.output<typeof ZManagePosDevicesResponse>;
