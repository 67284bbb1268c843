import { z } from 'zod';
import { defineCall } from '../call.ts';
import { ZRecipient, zEmailOrPhone } from './money-common.ts';

export const ZVerifyEmailPhoneRequest = z.object({ emailOrPhone: zEmailOrPhone });
export const verifyEmailPhone = defineCall({
  path: 'verify-email-phone',
  auth: 'user',
  request: ZVerifyEmailPhoneRequest,
  response: z.object({ user: ZRecipient, msg: z.string() }),
});
export type TVerifyEmailPhoneRequest = z.input<typeof ZVerifyEmailPhoneRequest>;
