// POST /api/pos/v1/refund: refund up to what remains of a captured POS payment of this device's
// channel (REFUND).
import { defineCall, httpRequest } from '../../call.ts';
import { POS_API_CALL, ZPosOperationResponse, ZPosRefundRequest } from './common.ts';

const route = { method: 'POST', path: '/refund', status: 200, body: ZPosRefundRequest } as const;

export const posRefundCall = defineCall({
  path: 'pos-api/refund',
  ...POS_API_CALL,
  session: 'full',
  kind: 'money',
  audit: 'pos.refund',
  http: route,
  request: httpRequest(route),
  response: ZPosOperationResponse,
  errors: ['POS_OPERATION_NOT_ALLOWED', 'POS_TRANSACTION_NOT_FOUND', 'PAYMENT_NOT_REFUNDABLE', 'REFUND_EXCEEDS_REMAINING'],
  summary: 'Refund a payment',
});
