import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { zId } from '../../rules.ts';
import { ZQuote, zAmountMinor } from '../../money.ts';

/** Screen 18: prices a deposit into a quote hash (10 minutes); moves nothing. */
export const ZCheckBalanceAndLimitsRequest = z.object({
  amount: zAmountMinor,
  userAccountId: zId('account'),
  paymentMethodId: zId('mode of payment', 'int'),
  type: z.literal('DEPOSIT', { error: 'The selected type is invalid' }),
});
export const checkBalanceAndLimitsCall = defineCall({
  path: 'check-balance-and-limits',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: 'deposit-money',
  kind: 'write',
  audit: null,
  request: ZCheckBalanceAndLimitsRequest,
  response: ZQuote,
});
export type TCheckBalanceAndLimitsRequest = z.input<typeof ZCheckBalanceAndLimitsRequest>;
export type TCheckBalanceAndLimitsInput = z.output<typeof ZCheckBalanceAndLimitsRequest>;
