import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { ZRequestIdRequest, ZRequestStatusResponse } from './common.ts';

/** User Requests: PENDING -> REJECTED. */
export const rejectRequestMoneyCall = defineCall({
  path: 'reject-request-money',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: 'request-money',
  kind: 'write',
  audit: 'money-request.reject',
  request: ZRequestIdRequest,
  response: ZRequestStatusResponse,
});
