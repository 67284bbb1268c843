// POST /api/pos/v1/void: end a pre-authorisation of this device's channel that was not captured
// (VOID). It releases money held on the card: nothing moves in the ledger.
import { defineCall, httpRequest } from '../../call.ts';
import { POS_API_CALL, ZPosOperationResponse, ZPosVoidRequest } from './common.ts';

const route = { method: 'POST', path: '/void', status: 200, body: ZPosVoidRequest } as const;

export const posVoidCall = defineCall({
  path: 'pos-api/void',
  ...POS_API_CALL,
  session: 'full',
  kind: 'money',
  audit: 'pos.void',
  http: route,
  request: httpRequest(route),
  response: ZPosOperationResponse,
  errors: ['POS_OPERATION_NOT_ALLOWED', 'POS_TRANSACTION_NOT_FOUND', 'PAYMENT_NOT_VOIDABLE'],
  summary: 'Void a pre-authorisation',
});
