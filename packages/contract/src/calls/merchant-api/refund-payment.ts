// POST /api/merchant/v1/payments/{id}/refunds: refund all that remains of a payment, or part of
// it; approved and processed in the request. Refunds never exceed what was captured.
import { z } from 'zod';
import { defineCall, httpRequest } from '../../call.ts';
import { zText } from '../../text.ts';
import { MERCHANT_API_CALL, ZPaymentParams, ZRefund, zApiAmount } from './common.ts';

export const ZRefundRequest = z
  .object({
    amount: zApiAmount.optional().meta({ description: 'Minor units to refund; default: all that remains.', example: 300 }),
    description: zText('description', 500).nullish(),
  })
  .meta({ id: 'RefundRequest' });

const route = { method: 'POST', path: '/payments/{id}/refunds', status: 201, params: ZPaymentParams, body: ZRefundRequest } as const;

export const apiRefundPaymentCall = defineCall({
  path: 'merchant-api/refund-payment',
  ...MERCHANT_API_CALL,
  kind: 'money',
  audit: 'api-payment.refund',
  http: route,
  request: httpRequest(route),
  response: ZRefund,
  errors: ['PAYMENT_NOT_FOUND', 'PAYMENT_NOT_REFUNDABLE', 'REFUND_EXCEEDS_REMAINING'],
  summary: 'Refund a payment',
  description: 'Refunds all that remains, or part of it. Refunds never exceed what was captured.',
});
export type TRefundPaymentInput = z.output<typeof apiRefundPaymentCall.request>;
