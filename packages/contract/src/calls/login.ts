import { z } from 'zod';
import { defineCall } from '../call.ts';
import { zEmail, zLoginPassword } from '../rules.ts';
import { ZKycFlow } from '../entities.ts';

export const ZLoginRequest = z.object({ email: zEmail, password: zLoginPassword });
export const ZLoginResponse = ZKycFlow.extend({
  id: z.number().int(),
  passcode_set: z.number().int(),
  avatar: z.string().nullable(),
  accessToken: z.string(),
});
export const login = defineCall({ path: 'login', auth: 'public', request: ZLoginRequest, response: ZLoginResponse });
export type TLoginRequest = z.input<typeof ZLoginRequest>;
export type TLoginResponse = z.output<typeof ZLoginResponse>;
