import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zPage, zPageOf, zSearch } from '../../lists.ts';
import { STORE_STATUS } from '../../statuses.ts';
import { ZAdminPerson } from './common.ts';

const STORE_STATUS_VALUES = Object.values(STORE_STATUS) as number[];

export const ZAdminStoreRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  status: z.number().int(),
  merchant: ZAdminPerson,
  terminals: z.number().int(),
  comments: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAdminStoreRow = z.infer<typeof ZAdminStoreRow>;

/** Every merchant's stores, newest first: the console's review queue (status 3 by default on screen). */
export const ZAdminGetStoresRequest = z.object({
  ...zPage,
  status: z.coerce
    .number()
    .int()
    .refine((value) => STORE_STATUS_VALUES.includes(value), 'The selected status is invalid')
    .optional(),
  /** Part of the store's name or code, or of the merchant's name, business name or e-mail. */
  search: zSearch,
});
export const adminGetStoresCall = defineCall({
  path: 'admin/get-stores',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: ZAdminGetStoresRequest,
  response: zPageOf(ZAdminStoreRow),
});
export type TAdminGetStoresRequest = z.input<typeof ZAdminGetStoresRequest>;
export type TAdminGetStoresInput = z.output<typeof ZAdminGetStoresRequest>;
