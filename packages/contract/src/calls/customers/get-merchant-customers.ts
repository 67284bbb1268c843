import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { dateRangeOrdered, zDateRange, zPage, zPageOf, zSearch, zStoreScope } from '../../lists.ts';

/** A card a customer paid with: only ever masked, the first six and the last four digits. */
export const ZCustomerCard = z.object({
  card_holder_name: z.string(),
  card_number: z.string(),
  created_at: z.string(),
});
export const ZCustomerRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  transactions_count: z.number().int(),
  created_at: z.string(),
  cards: z.array(ZCustomerCard),
});
export type TCustomerCard = z.infer<typeof ZCustomerCard>;
export type TCustomerRow = z.infer<typeof ZCustomerRow>;

/**
 * The merchant's customers (spec 3 section 2.5), newest first: a GMT day range on when the
 * customer was first seen, a search in name, e-mail and phone, and the store -> terminal ->
 * channel of their first payment (each checked to be the merchant's).
 */
export const ZCustomerFilters = z.object({ ...zDateRange, ...zStoreScope, search: zSearch });
export const ZGetMerchantCustomersRequest = ZCustomerFilters.extend({ ...zPage }).superRefine(dateRangeOrdered);
export const ZGetMerchantCustomersResponse = zPageOf(ZCustomerRow);
export const getMerchantCustomersCall = defineCall({
  path: 'get-merchant-customers',
  audience: ['merchant'],
  session: 'full',
  feature: 'merchant-customers',
  kind: 'read',
  audit: null,
  request: ZGetMerchantCustomersRequest,
  response: ZGetMerchantCustomersResponse,
});
export type TGetMerchantCustomersRequest = z.input<typeof ZGetMerchantCustomersRequest>;
export type TGetMerchantCustomersInput = z.output<typeof ZGetMerchantCustomersRequest>;
export type TGetMerchantCustomersResponse = z.output<typeof ZGetMerchantCustomersResponse>;
