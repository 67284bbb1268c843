import { z } from 'zod';
import { defineCall, PASSCODE_STEP } from '../../call.ts';
import { MESSAGES, zConfirmation, zPasscode } from '../../rules.ts';
import { ZKycFlow, ZUser } from '../../entities.ts';

/** Screen 6: the first passcode; trades the password-stage session for a full one. */
export const ZSetPasscodeRequest = z
  .object({
    passcode: zPasscode,
    confirmPasscode: zConfirmation('confirm passcode', 10),
    deviceToken: z.string().max(500).optional().default(''),
  })
  .refine((v) => v.passcode === v.confirmPasscode, { message: MESSAGES.passcodeMismatch, path: ['confirmPasscode'] });
export const ZSetPasscodeResponse = ZKycFlow.extend({ accessToken: z.string(), user: ZUser });
export const setPasscodeCall = defineCall({
  path: 'set-passcode',
  ...PASSCODE_STEP,
  kind: 'write',
  audit: null,
  request: ZSetPasscodeRequest,
  response: ZSetPasscodeResponse,
});
export type TSetPasscodeRequest = z.input<typeof ZSetPasscodeRequest>;
export type TSetPasscodeInput = z.output<typeof ZSetPasscodeRequest>;
export type TSetPasscodeResponse = z.output<typeof ZSetPasscodeResponse>;
