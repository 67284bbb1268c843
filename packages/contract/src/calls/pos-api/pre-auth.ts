// POST /api/pos/v1/pre-auth: authorise the card only; capture (or void) it later (PRE_AUTH).
import { defineCall, httpRequest } from '../../call.ts';
import { POS_API_CALL, POS_CHARGE_ERRORS, ZPosChargeRequest, ZPosOperationResponse } from './common.ts';

const route = { method: 'POST', path: '/pre-auth', status: 200, body: ZPosChargeRequest } as const;

export const posPreAuthCall = defineCall({
  path: 'pos-api/pre-auth',
  ...POS_API_CALL,
  session: 'full',
  kind: 'money',
  audit: 'pos.pre-auth',
  http: route,
  request: httpRequest(route),
  response: ZPosOperationResponse,
  errors: POS_CHARGE_ERRORS,
  summary: 'Pre-authorise a card',
});
