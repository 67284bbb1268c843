// GET /api/pos/v1/transactions/{transactionId}: a POS payment of this device's channel as it is now.
import { defineCall, httpRequest } from '../../call.ts';
import { POS_API_CALL, ZPosOperationResponse, ZPosVoidRequest } from './common.ts';

const route = { method: 'GET', path: '/transactions/{transactionId}', status: 200, params: ZPosVoidRequest } as const;

export const posGetTransactionCall = defineCall({
  path: 'pos-api/get-transaction',
  ...POS_API_CALL,
  session: 'full',
  kind: 'read',
  audit: null,
  http: route,
  request: httpRequest(route),
  response: ZPosOperationResponse,
  errors: ['POS_TRANSACTION_NOT_FOUND'],
  summary: 'Read a transaction',
});
