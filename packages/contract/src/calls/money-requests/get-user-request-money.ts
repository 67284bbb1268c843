import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { zPage, zPageOf } from '../../lists.ts';
import { ZReceivedMoneyRequest } from './common.ts';

/** Screen 15, User Requests: what others asked of me, newest first. */
export const ZGetUserRequestMoneyRequest = z.object({ ...zPage });
export const getUserRequestMoneyCall = defineCall({
  path: 'get-user-request-money',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: 'request-money',
  kind: 'read',
  audit: null,
  request: ZGetUserRequestMoneyRequest,
  response: zPageOf(ZReceivedMoneyRequest),
});
export type TGetUserRequestMoneyRequest = z.input<typeof ZGetUserRequestMoneyRequest>;
export type TGetUserRequestMoneyInput = z.output<typeof ZGetUserRequestMoneyRequest>;
