import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../../call.ts';
import { ZUser } from '../../entities.ts';

/** The signed-in user as stored now (the shell and the welcome card read it). */
export const ZGetUserProfileResponse = z.object({ user: ZUser, adminLogin: z.number().int() });
export const getUserProfileCall = defineCall({
  path: 'get-user-profile',
  ...SIGNED_IN,
  kind: 'read',
  audit: null,
  request: z.object({}).loose(),
  response: ZGetUserProfileResponse,
});
