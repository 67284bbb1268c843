import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zAmountMinor } from '../../money.ts';
import { zId } from '../../rules.ts';
import { ZWithdrawalRow } from './common.ts';

/**
 * A withdrawal request: `amount` (minor units) from the wallet to one of the merchant's methods.
 * The amount leaves available for on hold at once; never more than available.
 */
export const ZAddNewWithdrawalRequest = z.object({
  amount: zAmountMinor,
  userAccountId: zId('wallet'),
  withdrawalMethodId: zId('withdrawal method'),
});
export const addNewWithdrawalCall = defineCall({
  path: 'add-new-withdrawal',
  audience: ['merchant'],
  session: 'full',
  feature: 'with-drawal',
  // Money leaving the merchant: an administrator logged in as the merchant may not ask for it (DECISIONS 52).
  kind: 'money',
  audit: 'withdrawal.request',
  request: ZAddNewWithdrawalRequest,
  response: ZWithdrawalRow,
});
export type TAddNewWithdrawalRequest = z.input<typeof ZAddNewWithdrawalRequest>;
export type TAddNewWithdrawalInput = z.output<typeof ZAddNewWithdrawalRequest>;
