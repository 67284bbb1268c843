import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zPage, zPaginationData } from '../../lists.ts';
import { zOptionalId } from '../../rules.ts';
import { ZPosDeviceRow, ZPosDeviceWithStaff, ZPosPerson, ZTerminalSpecification } from './common.ts';

const zFlag = z.coerce.number().int().min(0).max(1).optional().default(0);

/**
 * The merchant's POS devices, newest first (paged). With posDeviceId, only that device (the
 * Update form); with settingDetails 1 also the terminal specifications; with posDeviceStaff 1
 * also the device's assigned people (`device`) and whom they may be chosen from: the active
 * staff of the merchant (`activeStaff`) and the main account (`mainAccount`).
 */
export const ZGetPosDevicesRequest = z.object({
  posDeviceId: zOptionalId('pos device'),
  settingDetails: zFlag,
  posDeviceStaff: zFlag,
  ...zPage,
});
export const ZGetPosDevicesResponse = z.object({
  data: z.array(ZPosDeviceRow),
  paginationData: zPaginationData,
  terminalSpecificationList: z.array(ZTerminalSpecification).optional(),
  device: ZPosDeviceWithStaff.optional(),
  activeStaff: z.array(ZPosPerson).optional(),
  mainAccount: ZPosPerson.optional(),
});
export const getPosDevicesCall = defineCall({
  path: 'get-pos-devices',
  audience: ['merchant'],
  session: 'full',
  feature: 'pos-devices',
  kind: 'read',
  audit: null,
  request: ZGetPosDevicesRequest,
  response: ZGetPosDevicesResponse,
});
export type TGetPosDevicesRequest = z.input<typeof ZGetPosDevicesRequest>;
export type TGetPosDevicesInput = z.output<typeof ZGetPosDevicesRequest>;
export type TGetPosDevicesResponse = z.output<typeof ZGetPosDevicesResponse>;
