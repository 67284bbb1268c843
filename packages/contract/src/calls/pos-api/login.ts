// POST /api/pos/v1/login: a device login (device id, username, device password) for a session
// token. Public: the credential is in the body. Sign-ins and refused sign-ins are audited by the
// service (`pos.login`, `pos.login-refused`), a refused one too, as the web app's are.
import type { z } from 'zod';
import { defineCall, httpRequest } from '../../call.ts';
import { POS_API_CALL, ZPosLoginRequest, ZPosLoginResponse } from './common.ts';

const route = { method: 'POST', path: '/login', status: 200, body: ZPosLoginRequest } as const;

export const posLoginCall = defineCall({
  path: 'pos-api/login',
  ...POS_API_CALL,
  audience: 'any',
  session: 'none',
  kind: 'write',
  audit: null,
  http: route,
  request: httpRequest(route),
  response: ZPosLoginResponse,
  errors: ['POS_LOGIN_FAILED', 'POS_DEVICE_INACTIVE', 'POS_STAFF_INACTIVE', 'TOO_MANY_SIGN_IN_ATTEMPTS'],
  summary: 'Sign a device login in',
});
export type TPosLoginInput = z.output<typeof posLoginCall.request>;
