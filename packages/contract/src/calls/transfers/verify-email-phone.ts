import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { ZRecipient, zEmailOrPhone } from '../../money.ts';

/** Screen 12: who a payment would go to. */
export const ZVerifyEmailPhoneRequest = z.object({ emailOrPhone: zEmailOrPhone });
export const verifyEmailPhoneCall = defineCall({
  path: 'verify-email-phone',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: 'send-money',
  kind: 'read',
  audit: null,
  request: ZVerifyEmailPhoneRequest,
  response: z.object({ user: ZRecipient, msg: z.string() }),
});
export type TVerifyEmailPhoneRequest = z.input<typeof ZVerifyEmailPhoneRequest>;
