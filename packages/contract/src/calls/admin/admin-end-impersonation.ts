import { z } from 'zod';
import { defineCall } from '../../call.ts';

/**
 * Ends the administrator's impersonation: made with the impersonation session itself (a
 * merchant session that names its administrator), which it revokes, clearing the admin_login
 * cookie. Any other session is refused (NOT_IMPERSONATING). The console then goes on with the
 * administrator's own session.
 */
export const adminEndImpersonationCall = defineCall({
  path: 'admin/end-impersonation',
  audience: ['merchant'],
  session: 'full',
  feature: null,
  kind: 'write',
  audit: 'impersonation.end',
  request: z.object({}).loose(),
  response: z.null(),
});
