import { z } from 'zod';
import { defineCall, PUBLIC } from '../../call.ts';
import { zSignInEmail, zOtp } from '../../rules.ts';

/** Screen 2: the sign-in code; a right code proves the e-mail for the next step. */
export const ZVerifyOtpRequest = z.object({ email: zSignInEmail, otp: zOtp });
export const ZVerifyOtpResponse = z.object({ accountExist: z.number().int() });
export const verifyOtpCall = defineCall({
  path: 'verify-otp',
  ...PUBLIC,
  kind: 'write',
  audit: null,
  request: ZVerifyOtpRequest,
  response: ZVerifyOtpResponse,
});
export type TVerifyOtpRequest = z.input<typeof ZVerifyOtpRequest>;
export type TVerifyOtpInput = z.output<typeof ZVerifyOtpRequest>;
