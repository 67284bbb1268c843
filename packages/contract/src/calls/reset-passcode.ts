import { z } from 'zod';
import { defineCall } from '../call.ts';
import { MESSAGES, zEmail, zOtp, zPasscode } from '../rules.ts';

export const ZResetPasscodeRequest = z
  .object({
    email: zEmail,
    passcode: zPasscode,
    confirmPasscode: z.string({ error: MESSAGES.required('confirm passcode') }).min(1, MESSAGES.required('confirm passcode')),
    otp: zOtp,
  })
  .refine((v) => v.passcode === v.confirmPasscode, { message: MESSAGES.passcodeMismatch, path: ['confirmPasscode'] });
export const resetPasscode = defineCall({
  path: 'reset-passcode',
  auth: 'public',
  request: ZResetPasscodeRequest,
  response: z.null(),
});
export type TResetPasscodeRequest = z.input<typeof ZResetPasscodeRequest>;
