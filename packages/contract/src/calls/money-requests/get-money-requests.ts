import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { zPage, zPageOf } from '../../lists.ts';
import { ZMyMoneyRequest } from './common.ts';

/** Screen 15, My Requests: what I asked of others, newest first. */
export const ZGetMoneyRequestsRequest = z.object({ ...zPage });
export const getMoneyRequestsCall = defineCall({
  path: 'get-money-requests',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: 'request-money',
  kind: 'read',
  audit: null,
  request: ZGetMoneyRequestsRequest,
  response: zPageOf(ZMyMoneyRequest),
});
export type TGetMoneyRequestsRequest = z.input<typeof ZGetMoneyRequestsRequest>;
export type TGetMoneyRequestsInput = z.output<typeof ZGetMoneyRequestsRequest>;
