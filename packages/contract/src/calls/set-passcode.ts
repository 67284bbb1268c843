import { z } from 'zod';
import { defineCall } from '../call.ts';
import { MESSAGES, zPasscode } from '../rules.ts';
import { ZKycFlow, ZUser } from '../entities.ts';

export const ZSetPasscodeRequest = z
  .object({
    passcode: zPasscode,
    confirmPasscode: z.string({ error: MESSAGES.required('confirm passcode') }).min(1, MESSAGES.required('confirm passcode')),
    deviceToken: z.string().max(500).optional().default(''),
  })
  .refine((v) => v.passcode === v.confirmPasscode, { message: MESSAGES.passcodeMismatch, path: ['confirmPasscode'] });
export const ZSetPasscodeResponse = ZKycFlow.extend({ accessToken: z.string(), user: ZUser });
export const setPasscode = defineCall({
  path: 'set-passcode',
  auth: 'passcode',
  request: ZSetPasscodeRequest,
  response: ZSetPasscodeResponse,
});
export type TSetPasscodeRequest = z.input<typeof ZSetPasscodeRequest>;
export type TSetPasscodeResponse = z.output<typeof ZSetPasscodeResponse>;
