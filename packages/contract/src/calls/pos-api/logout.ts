// POST /api/pos/v1/logout: the device session ends now.
import { z } from 'zod';
import { defineCall, httpRequest } from '../../call.ts';
import { POS_API_CALL } from './common.ts';

const route = { method: 'POST', path: '/logout', status: 200, body: z.object({}) } as const;

export const posLogoutCall = defineCall({
  path: 'pos-api/logout',
  ...POS_API_CALL,
  session: 'full',
  kind: 'write',
  audit: 'pos.logout',
  http: route,
  request: httpRequest(route),
  response: z.object({ loggedOut: z.literal(true) }),
  summary: 'End the device session',
});
