import { z } from 'zod';
import { defineCall } from '../call.ts';
import { MESSAGES, zEmail, zOtp, zPassword } from '../rules.ts';

export const ZResetPasswordRequest = z
  .object({
    email: zEmail,
    password: zPassword,
    confirmPassword: z.string({ error: MESSAGES.required('confirm password') }).min(1, MESSAGES.required('confirm password')),
    otp: zOtp,
  })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordMismatch, path: ['confirmPassword'] });
export const resetPassword = defineCall({
  path: 'reset-password',
  auth: 'public',
  request: ZResetPasswordRequest,
  response: z.null(),
});
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;
