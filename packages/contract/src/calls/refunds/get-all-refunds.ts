import type { z } from 'zod';
import { defineCall } from '../../call.ts';
import { dateRangeOrdered, zPage, zPageOf } from '../../lists.ts';
import { ZRefundFilters, ZRefundRow } from './common.ts';

/** The merchant's refund requests, newest first, with every filter of spec 2 section 7. */
export const ZGetAllRefundsRequest = ZRefundFilters.extend({ ...zPage }).superRefine(dateRangeOrdered);
export const ZGetAllRefundsResponse = zPageOf(ZRefundRow);
export const getAllRefundsCall = defineCall({
  path: 'get-all-refunds',
  audience: ['merchant'],
  session: 'full',
  feature: 'refund',
  kind: 'read',
  audit: null,
  request: ZGetAllRefundsRequest,
  response: ZGetAllRefundsResponse,
});
export type TGetAllRefundsRequest = z.input<typeof ZGetAllRefundsRequest>;
export type TGetAllRefundsInput = z.output<typeof ZGetAllRefundsRequest>;
export type TGetAllRefundsResponse = z.output<typeof ZGetAllRefundsResponse>;
