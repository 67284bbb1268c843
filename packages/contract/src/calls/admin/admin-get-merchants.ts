import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zPage, zPageOf, zSearch } from '../../lists.ts';
import { ZAdminPerson } from './common.ts';

export const ZAdminMerchantRow = ZAdminPerson.extend({
  phone_number: z.string().nullable(),
  status: z.number().int(),
  kyc_status: z.number().int(),
  stores: z.number().int(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type TAdminMerchantRow = z.infer<typeof ZAdminMerchantRow>;

/** The merchants' main accounts (not their staff), newest first. */
export const ZAdminGetMerchantsRequest = z.object({
  ...zPage,
  /** Part of the name, business name or e-mail. */
  search: zSearch,
});
export const adminGetMerchantsCall = defineCall({
  path: 'admin/get-merchants',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: ZAdminGetMerchantsRequest,
  response: zPageOf(ZAdminMerchantRow),
});
export type TAdminGetMerchantsRequest = z.input<typeof ZAdminGetMerchantsRequest>;
export type TAdminGetMerchantsInput = z.output<typeof ZAdminGetMerchantsRequest>;
