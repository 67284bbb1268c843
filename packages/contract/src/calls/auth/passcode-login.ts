import { z } from 'zod';
import { defineCall, PASSCODE_STEP } from '../../call.ts';
import { zPasscode } from '../../rules.ts';
import { ZKycFlow, ZUser } from '../../entities.ts';

/** Screen 7: the passcode; trades the password-stage session for a full one. */
export const ZPasscodeLoginRequest = z.object({
  passcode: zPasscode,
  deviceToken: z.string().max(500).optional().default(''),
});
export const ZPasscodeLoginResponse = ZKycFlow.extend({
  accessToken: z.string(),
  user: ZUser,
  avatar: z.string().nullable(),
});
export const passcodeLoginCall = defineCall({
  path: 'passcode-login',
  ...PASSCODE_STEP,
  kind: 'write',
  audit: null,
  request: ZPasscodeLoginRequest,
  response: ZPasscodeLoginResponse,
});
export type TPasscodeLoginRequest = z.input<typeof ZPasscodeLoginRequest>;
export type TPasscodeLoginInput = z.output<typeof ZPasscodeLoginRequest>;
export type TPasscodeLoginResponse = z.output<typeof ZPasscodeLoginResponse>;
