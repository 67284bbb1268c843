// GET /api/pos/v1/session: the signed-in device and the operations its login may run now.
import type { z } from 'zod';
import { defineCall, httpRequest } from '../../call.ts';
import { POS_API_CALL, ZPosSessionResponse } from './common.ts';

const route = { method: 'GET', path: '/session', status: 200 } as const;

export const posSessionCall = defineCall({
  path: 'pos-api/session',
  ...POS_API_CALL,
  session: 'full',
  kind: 'read',
  audit: null,
  http: route,
  request: httpRequest(route),
  response: ZPosSessionResponse,
  summary: 'Read the device session',
});
export type TPosSessionInput = z.output<typeof posSessionCall.request>;
