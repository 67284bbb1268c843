import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { ZAppSettingsRecord } from './common.ts';

/** The merchant's App Settings: a list whose first item is the record (spec 2). Created on first read. */
export const getMerchantAppSettingsCall = defineCall({
  path: 'get-merchant-app-settings',
  audience: ['merchant'],
  session: 'full',
  feature: 'app-setting',
  kind: 'read',
  audit: null,
  request: z.object({}).loose(),
  response: z.array(ZAppSettingsRecord),
});
export type TGetMerchantAppSettingsResponse = z.output<typeof getMerchantAppSettingsCall.response>;
