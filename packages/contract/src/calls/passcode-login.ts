import { z } from 'zod';
import { defineCall } from '../call.ts';
import { zPasscode } from '../rules.ts';
import { ZKycFlow, ZUser } from '../entities.ts';

export const ZPasscodeLoginRequest = z.object({
  passcode: zPasscode,
  deviceToken: z.string().max(500).optional().default(''),
});
export const ZPasscodeLoginResponse = ZKycFlow.extend({
  accessToken: z.string(),
  user: ZUser,
  avatar: z.string().nullable(),
});
export const passcodeLogin = defineCall({
  path: 'passcode-login',
  auth: 'passcode',
  request: ZPasscodeLoginRequest,
  response: ZPasscodeLoginResponse,
});
export type TPasscodeLoginRequest = z.input<typeof ZPasscodeLoginRequest>;
export type TPasscodeLoginResponse = z.output<typeof ZPasscodeLoginResponse>;
