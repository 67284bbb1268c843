import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';
import { POS_DEVICE_STATUS } from '../../statuses.ts';
import { ZPosDeviceFields, ZPosDeviceRow } from './common.ts';

/** Changes a device's identifiers and name; the channel and the status only when given. */
export const ZUpdatePosDeviceRequest = ZPosDeviceFields.extend({
  posDeviceId: zId('pos device'),
  channelId: ZPosDeviceFields.shape.channelId.optional(),
  status: z.coerce
    .number()
    .int()
    .refine((value) => value === POS_DEVICE_STATUS.INACTIVE || value === POS_DEVICE_STATUS.ACTIVE, 'The selected status is invalid')
    .optional(),
});
export const updatePosDeviceCall = defineCall({
  path: 'update-pos-device',
  audience: ['merchant'],
  session: 'full',
  feature: 'pos-devices',
  kind: 'write',
  audit: 'pos-device.update',
  request: ZUpdatePosDeviceRequest,
  response: ZPosDeviceRow,
});
export type TUpdatePosDeviceRequest = z.input<typeof ZUpdatePosDeviceRequest>;
export type TUpdatePosDeviceInput = z.output<typeof ZUpdatePosDeviceRequest>;
