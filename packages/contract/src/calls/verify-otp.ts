import { z } from 'zod';
import { defineCall } from '../call.ts';
import { zEmail, zOtp } from '../rules.ts';

export const ZVerifyOtpRequest = z.object({ email: zEmail, otp: zOtp });
export const ZVerifyOtpResponse = z.object({ accountExist: z.number().int() });
export const verifyOtp = defineCall({
  path: 'verify-otp',
  auth: 'public',
  request: ZVerifyOtpRequest,
  response: ZVerifyOtpResponse,
});
export type TVerifyOtpRequest = z.input<typeof ZVerifyOtpRequest>;
