import { z } from 'zod';
import { defineCall } from '../../call.ts';

/** Ends the session (from either stage). */
export const logoutUserCall = defineCall({
  path: 'logout-user',
  audience: 'any',
  session: 'passcode',
  feature: null,
  kind: 'write',
  audit: null,
  request: z.object({}).loose(),
  response: z.null(),
});
