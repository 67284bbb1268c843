import { z } from 'zod';
import { defineCall } from '../call.ts';
import { LIMITS, MESSAGES, zEmail, zPassword, zPersonName, zRequired, zRequiredPhone } from '../rules.ts';
import { ZUser } from '../entities.ts';

export const ZRegisterRequest = z
  .object({
    firstName: zPersonName('first name'),
    lastName: zPersonName('last name'),
    businessName: zRequired('business name', LIMITS.businessNameMaxChars),
    email: zEmail,
    password: zPassword,
    confirmPassword: z.string({ error: MESSAGES.required('confirm password') }).min(1, MESSAGES.required('confirm password')),
    carrierCode: zRequired('carrier code', 6).regex(/^\+?\d{1,4}$/, 'The carrier code is invalid'),
    phone: zRequiredPhone,
    type: z.literal('merchant', { error: 'The selected type is invalid' }).optional().default('merchant'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
  });
export const ZRegisterResponse = z.object({ accessToken: z.string(), user: ZUser });
export const register = defineCall({
  path: 'register',
  auth: 'public',
  request: ZRegisterRequest,
  response: ZRegisterResponse,
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;
