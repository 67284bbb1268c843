// The Add and Update forms of a POS device (DECISIONS 7: they register and change a device for
// real): the contract's fields, with the channel chosen in a select (its id as text). The
// status is shown on Update only; a new device is always Active.
import { z } from 'zod';
import { POS_DEVICE_STATUS, ZPosDeviceFields } from '@paywallet/contract';
import type { TAddPosDeviceRequest, TPosDeviceRow, TUpdatePosDeviceRequest } from '@paywallet/contract';
import { zChosenId } from '../../lib/amount-input.ts';

export const ZPosDeviceForm = ZPosDeviceFields.extend({
  channelId: zChosenId('channel'),
  status: z.enum(['0', '1'], { error: 'The selected status is invalid' }).transform((value) => Number(value)),
});
export type TPosDeviceFormIn = z.input<typeof ZPosDeviceForm>;
export type TPosDeviceFormOut = z.output<typeof ZPosDeviceForm>;

export const POS_STATUS_OPTIONS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

export function toAddPosDevice(values: TPosDeviceFormOut): TAddPosDeviceRequest {
  return { deviceId: values.deviceId, serialId: values.serialId, name: values.name, channelId: values.channelId };
}

export function toUpdatePosDevice(posDeviceId: number, values: TPosDeviceFormOut): TUpdatePosDeviceRequest {
  return { ...toAddPosDevice(values), posDeviceId, status: values.status };
}

export const EMPTY_POS_DEVICE_FORM: TPosDeviceFormIn = { deviceId: '', serialId: '', name: '', channelId: '', status: '1' };

export function posDeviceFormValues(device: TPosDeviceRow): TPosDeviceFormIn {
  return {
    deviceId: device.device_id,
    serialId: device.serial_id,
    name: device.name,
    channelId: String(device.channels[0]?.id ?? ''),
    status: device.status === POS_DEVICE_STATUS.INACTIVE ? '0' : '1',
  };
}
