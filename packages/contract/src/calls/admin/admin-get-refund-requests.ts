import type { z } from 'zod';
import { defineCall } from '../../call.ts';
import { dateRangeOrdered, zPage, zPageOf } from '../../lists.ts';
import { zOptionalId } from '../../rules.ts';
import { ZRefundFilters, ZRefundRow } from '../refunds/common.ts';
import { ZAdminPerson } from './common.ts';

export const ZAdminRefundRow = ZRefundRow.extend({ merchant: ZAdminPerson });
export type TAdminRefundRow = z.infer<typeof ZAdminRefundRow>;

/**
 * Every merchant's refund requests, newest first: the console's queue. The merchant filters
 * (dates, currency, status, search) and one merchant; the search also reads the merchant's
 * name, business name and e-mail. Store, terminal and channel belong to a merchant's own screen.
 */
export const ZAdminGetRefundRequestsRequest = ZRefundFilters.omit({ storeId: true, terminalId: true, channelId: true })
  .extend({ ...zPage, merchantId: zOptionalId('merchant') })
  .superRefine(dateRangeOrdered);
export const adminGetRefundRequestsCall = defineCall({
  path: 'admin/get-refund-requests',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: ZAdminGetRefundRequestsRequest,
  response: zPageOf(ZAdminRefundRow),
});
export type TAdminGetRefundRequestsRequest = z.input<typeof ZAdminGetRefundRequestsRequest>;
export type TAdminGetRefundRequestsInput = z.output<typeof ZAdminGetRefundRequestsRequest>;
