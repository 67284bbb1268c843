import { z } from 'zod';
import { defineCall, PUBLIC } from '../../call.ts';
import { LIMITS, MESSAGES, zConfirmation, zEmail, zPassword, zPersonName, zRequired, zRequiredPhone } from '../../rules.ts';
import { ZUser } from '../../entities.ts';

/** Screen 4: sign-up (always a merchant account); answers a password-stage session. */
export const ZRegisterRequest = z
  .object({
    firstName: zPersonName('first name'),
    lastName: zPersonName('last name'),
    businessName: zRequired('business name', LIMITS.businessNameMaxChars),
    email: zEmail,
    password: zPassword,
    confirmPassword: zConfirmation('confirm password', LIMITS.passwordMaxChars),
    carrierCode: zRequired('carrier code', 6).regex(/^\+?\d{1,4}$/, 'The carrier code is invalid'),
    phone: zRequiredPhone,
    type: z.literal('merchant', { error: 'The selected type is invalid' }).optional().default('merchant'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordMismatch, path: ['confirmPassword'] });
export const ZRegisterResponse = z.object({ accessToken: z.string(), user: ZUser });
export const registerCall = defineCall({
  path: 'register',
  ...PUBLIC,
  kind: 'write',
  // Sign-in events are audited by the auth service itself: a refused attempt is recorded too.
  audit: null,
  request: ZRegisterRequest,
  response: ZRegisterResponse,
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;
export type TRegisterInput = z.output<typeof ZRegisterRequest>;
