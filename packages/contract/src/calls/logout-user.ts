import { z } from 'zod';
import { defineCall } from '../call.ts';

export const logoutUser = defineCall({
  path: 'logout-user',
  auth: 'passcode',
  request: z.object({}).loose(),
  response: z.null(),
});
