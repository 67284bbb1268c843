import { z } from 'zod';
import { defineCall } from '../call.ts';
import { zBotCheck, zEmail } from '../rules.ts';

export const ZVerifyEmailRequest = z.object({ email: zEmail, ...zBotCheck });
export const ZVerifyEmailResponse = z.object({
  otpVerification: z.number().int(),
  accountExist: z.number().int(),
});
export const verifyEmail = defineCall({
  path: 'verify-email',
  auth: 'public',
  request: ZVerifyEmailRequest,
  response: ZVerifyEmailResponse,
});
export type TVerifyEmailRequest = z.input<typeof ZVerifyEmailRequest>;
