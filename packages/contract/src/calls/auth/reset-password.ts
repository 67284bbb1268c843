import { z } from 'zod';
import { defineCall, PUBLIC } from '../../call.ts';
import { LIMITS, MESSAGES, zConfirmation, zSignInEmail, zOtp, zPassword } from '../../rules.ts';

/** Screen 8: a new password with the e-mailed reset code. */
export const ZResetPasswordRequest = z
  .object({
    email: zSignInEmail,
    password: zPassword,
    confirmPassword: zConfirmation('confirm password', LIMITS.passwordMaxChars),
    otp: zOtp,
  })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordMismatch, path: ['confirmPassword'] });
export const resetPasswordCall = defineCall({
  path: 'reset-password',
  ...PUBLIC,
  kind: 'write',
  audit: null,
  request: ZResetPasswordRequest,
  response: z.null(),
});
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;
export type TResetPasswordInput = z.output<typeof ZResetPasswordRequest>;
