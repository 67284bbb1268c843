import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { zId } from '../../rules.ts';
import { zFreeText } from '../../text.ts';
import { zAmountMinor, zEmailOrPhone } from '../../money.ts';

/** Screen 16: asks someone for an amount into one of my wallets. */
export const ZInitiateRequestMoneyRequest = z.object({
  emailOrPhone: zEmailOrPhone,
  amount: zAmountMinor,
  userAccountId: zId('wallet'),
  notes: zFreeText('notes', 255).optional().default(''),
});
export const initiateRequestMoneyCall = defineCall({
  path: 'initiate-request-money',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: 'request-money',
  kind: 'write',
  audit: 'money-request.create',
  request: ZInitiateRequestMoneyRequest,
  response: z.object({ id: z.number().int() }),
});
export type TInitiateRequestMoneyRequest = z.input<typeof ZInitiateRequestMoneyRequest>;
export type TInitiateRequestMoneyInput = z.output<typeof ZInitiateRequestMoneyRequest>;
