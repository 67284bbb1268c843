import type { z } from 'zod';
import { defineCall } from '../../call.ts';
import { ZPosDeviceFields, ZPosDeviceRow } from './common.ts';

/** Registers a device on one of the merchant's POS channels (DECISIONS 7: the form is real). New devices are Active. */
export const ZAddPosDeviceRequest = ZPosDeviceFields;
export const addPosDeviceCall = defineCall({
  path: 'add-pos-device',
  audience: ['merchant'],
  session: 'full',
  feature: 'pos-devices',
  kind: 'write',
  audit: 'pos-device.add',
  request: ZAddPosDeviceRequest,
  response: ZPosDeviceRow,
});
export type TAddPosDeviceRequest = z.input<typeof ZAddPosDeviceRequest>;
export type TAddPosDeviceInput = z.output<typeof ZAddPosDeviceRequest>;
