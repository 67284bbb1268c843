import { z } from 'zod';
import { defineCall, PUBLIC } from '../../call.ts';
import { MESSAGES, zConfirmation, zSignInEmail, zOtp, zPasscode } from '../../rules.ts';

/** Screen 9: a new passcode with the e-mailed reset code; unlocks a locked passcode. */
export const ZResetPasscodeRequest = z
  .object({
    email: zSignInEmail,
    passcode: zPasscode,
    confirmPasscode: zConfirmation('confirm passcode', 10),
    otp: zOtp,
  })
  .refine((v) => v.passcode === v.confirmPasscode, { message: MESSAGES.passcodeMismatch, path: ['confirmPasscode'] });
export const resetPasscodeCall = defineCall({
  path: 'reset-passcode',
  ...PUBLIC,
  kind: 'write',
  audit: null,
  request: ZResetPasscodeRequest,
  response: z.null(),
});
export type TResetPasscodeRequest = z.input<typeof ZResetPasscodeRequest>;
export type TResetPasscodeInput = z.output<typeof ZResetPasscodeRequest>;
