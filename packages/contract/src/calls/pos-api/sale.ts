// POST /api/pos/v1/sale: charge the card and capture at once (needs the SALE terminal setting).
// A declined card is an answer (a SALE with transactionStatus FAILED), not a refusal.
import { defineCall, httpRequest } from '../../call.ts';
import { POS_API_CALL, POS_CHARGE_ERRORS, ZPosChargeRequest, ZPosOperationResponse } from './common.ts';

const route = { method: 'POST', path: '/sale', status: 200, body: ZPosChargeRequest } as const;

export const posSaleCall = defineCall({
  path: 'pos-api/sale',
  ...POS_API_CALL,
  session: 'full',
  kind: 'money',
  audit: 'pos.sale',
  http: route,
  request: httpRequest(route),
  response: ZPosOperationResponse,
  errors: POS_CHARGE_ERRORS,
  summary: 'Sell: charge a card and capture it',
});
