// GET /api/merchant/v1/payments: the merchant's payments, newest first, a page at a time.
import { z } from 'zod';
import { defineCall, httpRequest } from '../../call.ts';
import { MERCHANT_API_CALL, PAYMENT_STATUSES, ZPaymentList, zApiPattern } from './common.ts';

export const ZListPaymentsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(PAYMENT_STATUSES).optional(),
  fromDate: zApiPattern(10, /^\d{4}-\d{2}-\d{2}$/, 'The from date must be YYYY-MM-DD')
    .optional()
    .meta({ description: 'YYYY-MM-DD, inclusive (UTC)' }),
  toDate: zApiPattern(10, /^\d{4}-\d{2}-\d{2}$/, 'The to date must be YYYY-MM-DD')
    .optional()
    .meta({ description: 'YYYY-MM-DD, inclusive (UTC)' }),
});

const route = { method: 'GET', path: '/payments', status: 200, query: ZListPaymentsQuery } as const;

export const apiListPaymentsCall = defineCall({
  path: 'merchant-api/list-payments',
  ...MERCHANT_API_CALL,
  kind: 'read',
  audit: null,
  http: route,
  request: httpRequest(route),
  response: ZPaymentList,
  summary: 'List payments',
  description: 'Newest first, paged.',
});
export type TListPaymentsInput = z.output<typeof apiListPaymentsCall.request>;
