// POST /api/merchant/v1/payments/{id}/capture: capture up to the authorised amount of a payment
// waiting for capture (captureMethod manual), once.
import { z } from 'zod';
import { defineCall, httpRequest } from '../../call.ts';
import { MERCHANT_API_CALL, ZPayment, ZPaymentParams, zApiAmount } from './common.ts';

export const ZCaptureRequest = z
  .object({
    amount: zApiAmount.optional().meta({ description: 'Minor units to capture; default: all that was authorised.', example: 500 }),
  })
  .meta({ id: 'CaptureRequest' });

const route = { method: 'POST', path: '/payments/{id}/capture', status: 200, params: ZPaymentParams, body: ZCaptureRequest } as const;

export const apiCapturePaymentCall = defineCall({
  path: 'merchant-api/capture-payment',
  ...MERCHANT_API_CALL,
  kind: 'money',
  audit: 'api-payment.capture',
  http: route,
  request: httpRequest(route),
  response: ZPayment,
  errors: ['PAYMENT_NOT_FOUND', 'PAYMENT_NOT_CAPTURABLE', 'CAPTURE_EXCEEDS_AUTHORISED'],
  summary: 'Capture an authorised payment',
  description: 'Captures up to the authorised amount of a payment in requires_capture (captureMethod manual).',
});
export type TCapturePaymentInput = z.output<typeof apiCapturePaymentCall.request>;
