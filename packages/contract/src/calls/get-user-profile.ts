import { z } from 'zod';
import { defineCall } from '../call.ts';
import { ZUser } from '../entities.ts';

/** The signed-in user as stored now (the shell and the welcome card read it). */
export const getUserProfile = defineCall({
  path: 'get-user-profile',
  auth: 'user',
  request: z.object({}).loose(),
  response: z.object({ user: ZUser, adminLogin: z.number().int() }),
});
