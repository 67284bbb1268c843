import { z } from 'zod';
import { defineCall, PUBLIC } from '../../call.ts';
import { zBotCheck, zSignInEmail } from '../../rules.ts';

/** Screen 1: sends a sign-in code to the e-mail (also used to resend it). */
export const ZVerifyEmailRequest = z.object({ email: zSignInEmail, ...zBotCheck });
export const ZVerifyEmailResponse = z.object({ otpVerification: z.number().int(), accountExist: z.number().int() });
export const verifyEmailCall = defineCall({
  path: 'verify-email',
  ...PUBLIC,
  kind: 'write',
  audit: null,
  request: ZVerifyEmailRequest,
  response: ZVerifyEmailResponse,
});
export type TVerifyEmailRequest = z.input<typeof ZVerifyEmailRequest>;
export type TVerifyEmailInput = z.output<typeof ZVerifyEmailRequest>;
