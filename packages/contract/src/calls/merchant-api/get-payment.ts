// GET /api/merchant/v1/payments/{id}: one payment of the merchant, by its id or its transaction's.
import { defineCall, httpRequest } from '../../call.ts';
import { MERCHANT_API_CALL, ZPayment, ZPaymentParams } from './common.ts';

const route = { method: 'GET', path: '/payments/{id}', status: 200, params: ZPaymentParams } as const;

export const apiGetPaymentCall = defineCall({
  path: 'merchant-api/get-payment',
  ...MERCHANT_API_CALL,
  kind: 'read',
  audit: null,
  http: route,
  request: httpRequest(route),
  response: ZPayment,
  errors: ['PAYMENT_NOT_FOUND'],
  summary: 'Get a payment',
});
