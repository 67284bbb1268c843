import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { dateRangeOrdered, zDateRange, zPage, zPageOf, zSearch } from '../../lists.ts';
import { zOptionalId } from '../../rules.ts';
import { zWithdrawalStatusFilter, ZWithdrawalRow } from '../withdrawals/common.ts';
import { ZAdminPerson } from './common.ts';

export const ZAdminWithdrawalRow = ZWithdrawalRow.extend({ merchant: ZAdminPerson });
export type TAdminWithdrawalRow = z.infer<typeof ZAdminWithdrawalRow>;

/**
 * Every merchant's withdrawal requests, newest first: the console's queue, by status, merchant
 * (its id, or `search`: part of its business name or e-mail) and days.
 */
export const ZAdminGetWithdrawalsRequest = z
  .object({ ...zPage, ...zDateRange, status: zWithdrawalStatusFilter, merchantId: zOptionalId('merchant'), search: zSearch })
  .superRefine(dateRangeOrdered);
export const adminGetWithdrawalsCall = defineCall({
  path: 'admin/get-withdrawals',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: ZAdminGetWithdrawalsRequest,
  response: zPageOf(ZAdminWithdrawalRow),
});
export type TAdminGetWithdrawalsRequest = z.input<typeof ZAdminGetWithdrawalsRequest>;
export type TAdminGetWithdrawalsInput = z.output<typeof ZAdminGetWithdrawalsRequest>;
