import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { ZUser } from '../../entities.ts';
import { zId } from '../../rules.ts';

/**
 * Opens a session of the merchant's main account for the administrator (an impersonation: the
 * session names the administrator, every call in it is audited with both identities) and sets
 * the admin_login cookie. The administrator's own session stays open.
 */
export const ZAdminLoginAsMerchantRequest = z.object({ userId: zId('user') });
export const adminLoginAsMerchantCall = defineCall({
  path: 'admin/login-as-merchant',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'write',
  audit: 'impersonation.start',
  request: ZAdminLoginAsMerchantRequest,
  response: z.object({ accessToken: z.string(), user: ZUser }),
});
export type TAdminLoginAsMerchantRequest = z.input<typeof ZAdminLoginAsMerchantRequest>;
