// POST /api/merchant/v1/payments/{id}/void: release the authorisation of a payment waiting for
// capture without capturing it. It takes no body (or `{}`): the whole authorisation is released.
import { z } from 'zod';
import { defineCall, httpRequest } from '../../call.ts';
import { MERCHANT_API_CALL, ZPayment, ZPaymentParams } from './common.ts';

/** A void takes nothing: an empty object (or no body) is the request. */
export const ZVoidRequest = z.object({}).meta({ id: 'VoidRequest' });

const route = { method: 'POST', path: '/payments/{id}/void', status: 200, params: ZPaymentParams, body: ZVoidRequest } as const;

export const apiVoidPaymentCall = defineCall({
  path: 'merchant-api/void-payment',
  ...MERCHANT_API_CALL,
  kind: 'money',
  audit: 'api-payment.void',
  http: route,
  request: httpRequest(route),
  response: ZPayment,
  errors: ['PAYMENT_NOT_FOUND', 'PAYMENT_NOT_VOIDABLE'],
  summary: 'Void an authorised payment',
  description:
    'Releases the authorisation of a payment in requires_capture (captureMethod manual) without capturing it: the payment becomes voided and no money moves. A captured, failed or already voided payment is refused with 409 PAYMENT_NOT_VOIDABLE.',
});
