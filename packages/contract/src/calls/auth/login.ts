import { z } from 'zod';
import { defineCall, PUBLIC } from '../../call.ts';
import { zSignInEmail, zLoginPassword } from '../../rules.ts';
import { ZKycFlow } from '../../entities.ts';

/** Screen 5: the password step; answers a password-stage session. */
export const ZLoginRequest = z.object({ email: zSignInEmail, password: zLoginPassword });
export const ZLoginResponse = ZKycFlow.extend({
  id: z.number().int(),
  passcode_set: z.number().int(),
  avatar: z.string().nullable(),
  accessToken: z.string(),
});
export const loginCall = defineCall({
  path: 'login',
  ...PUBLIC,
  kind: 'write',
  audit: null,
  request: ZLoginRequest,
  response: ZLoginResponse,
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;
export type TLoginInput = z.output<typeof ZLoginRequest>;
export type TLoginResponse = z.output<typeof ZLoginResponse>;
