import { z } from 'zod';
import { defineCall, PUBLIC } from '../../call.ts';
import { zBotCheck, zSignInEmail } from '../../rules.ts';
import { RESET_TYPE } from '../../statuses.ts';

/** Screen 3: mails a reset code (type 1 password, 2 passcode); answers the same for unknown e-mails. */
export const ZVerifyEmailGeneralRequest = z.object({
  email: zSignInEmail,
  type: z.coerce
    .number()
    .int()
    .refine((t) => t === RESET_TYPE.PASSWORD || t === RESET_TYPE.PASSCODE, 'The selected type is invalid'),
  ...zBotCheck,
});
export const verifyEmailGeneralCall = defineCall({
  path: 'verify-email-general',
  ...PUBLIC,
  kind: 'write',
  audit: null,
  request: ZVerifyEmailGeneralRequest,
  response: z.null(),
});
export type TVerifyEmailGeneralRequest = z.input<typeof ZVerifyEmailGeneralRequest>;
export type TVerifyEmailGeneralInput = z.output<typeof ZVerifyEmailGeneralRequest>;
