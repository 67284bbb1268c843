import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zPage, zPageOf } from '../../lists.ts';
import { zOptionalId } from '../../rules.ts';
import { zWithdrawalStatusFilter, ZWithdrawalRow } from './common.ts';

/** The merchant's withdrawal requests, newest first, with their detail rows (the screen loads more pages). */
export const ZGetAllWithdrawalsRequest = z.object({
  ...zPage,
  status: zWithdrawalStatusFilter,
  userAccountId: zOptionalId('wallet'),
});
export const ZGetAllWithdrawalsResponse = zPageOf(ZWithdrawalRow);
export const getAllWithdrawalsCall = defineCall({
  path: 'get-all-withdrawals',
  audience: ['merchant'],
  session: 'full',
  feature: 'with-drawal',
  kind: 'read',
  audit: null,
  request: ZGetAllWithdrawalsRequest,
  response: ZGetAllWithdrawalsResponse,
});
export type TGetAllWithdrawalsRequest = z.input<typeof ZGetAllWithdrawalsRequest>;
export type TGetAllWithdrawalsInput = z.output<typeof ZGetAllWithdrawalsRequest>;
export type TGetAllWithdrawalsResponse = z.output<typeof ZGetAllWithdrawalsResponse>;
