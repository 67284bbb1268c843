import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { ZRequestIdRequest, ZRequestStatusResponse } from './common.ts';

/** My Requests: PENDING -> CANCELED. */
export const cancelRequestMoneyCall = defineCall({
  path: 'cancel-request-money',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: 'request-money',
  kind: 'write',
  audit: 'money-request.cancel',
  request: ZRequestIdRequest,
  response: ZRequestStatusResponse,
});
