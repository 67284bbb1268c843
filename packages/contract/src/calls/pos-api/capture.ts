// POST /api/pos/v1/capture: capture up to the authorised amount of this device channel's
// pre-authorisation (CAPTURE).
import { defineCall, httpRequest } from '../../call.ts';
import { POS_API_CALL, ZPosCaptureRequest, ZPosOperationResponse } from './common.ts';

const route = { method: 'POST', path: '/capture', status: 200, body: ZPosCaptureRequest } as const;

export const posCaptureCall = defineCall({
  path: 'pos-api/capture',
  ...POS_API_CALL,
  session: 'full',
  kind: 'money',
  audit: 'pos.capture',
  http: route,
  request: httpRequest(route),
  response: ZPosOperationResponse,
  errors: ['POS_OPERATION_NOT_ALLOWED', 'POS_TRANSACTION_NOT_FOUND', 'PAYMENT_NOT_CAPTURABLE', 'CAPTURE_EXCEEDS_AUTHORISED'],
  summary: 'Capture a pre-authorisation',
});
