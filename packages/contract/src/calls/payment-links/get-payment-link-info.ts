import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { dateRangeOrdered, zDateRange, zPage, zPageOf, zSearch } from '../../lists.ts';
import { zText } from '../../text.ts';
import { ZPaymentLinkRow } from './common.ts';

/**
 * The merchant's payment links, newest first (spec 3 section 7): a GMT day range on creation, a
 * search in token, description, receipt number, e-mail and phone, or one link by its whole token.
 */
export const ZPaymentLinkFilters = z.object({
  ...zDateRange,
  search: zSearch,
  paymentLinkToken: zText('payment link token', 64).optional(),
});
export type TPaymentLinkFilters = z.output<typeof ZPaymentLinkFilters>;
export const ZGetPaymentLinkInfoRequest = ZPaymentLinkFilters.extend({ ...zPage }).superRefine(dateRangeOrdered);
export const ZGetPaymentLinkInfoResponse = zPageOf(ZPaymentLinkRow);
export const getPaymentLinkInfoCall = defineCall({
  path: 'get-payment-link-info',
  audience: ['merchant'],
  session: 'full',
  feature: 'payment-link',
  kind: 'read',
  audit: null,
  request: ZGetPaymentLinkInfoRequest,
  response: ZGetPaymentLinkInfoResponse,
});
export type TGetPaymentLinkInfoRequest = z.input<typeof ZGetPaymentLinkInfoRequest>;
export type TGetPaymentLinkInfoInput = z.output<typeof ZGetPaymentLinkInfoRequest>;
export type TGetPaymentLinkInfoResponse = z.output<typeof ZGetPaymentLinkInfoResponse>;
