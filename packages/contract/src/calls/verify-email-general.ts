import { z } from 'zod';
import { defineCall } from '../call.ts';
import { zBotCheck, zEmail } from '../rules.ts';

export const ZVerifyEmailGeneralRequest = z.object({
  email: zEmail,
  type: z.coerce.number().int().refine((t) => t === 1 || t === 2, 'The selected type is invalid'),
  ...zBotCheck,
});
export const verifyEmailGeneral = defineCall({
  path: 'verify-email-general',
  auth: 'public',
  request: ZVerifyEmailGeneralRequest,
  response: z.null(),
});
export type TVerifyEmailGeneralRequest = z.input<typeof ZVerifyEmailGeneralRequest>;
