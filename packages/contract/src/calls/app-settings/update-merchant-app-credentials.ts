import { z } from 'zod';
import { defineCall } from '../../call.ts';

/** Revoke Access: new client id and secret replace the old ones at once (main account only). */
export const ZUpdateMerchantAppCredentialsResponse = z.object({ client_id: z.string(), client_secret: z.string() });
export const updateMerchantAppCredentialsCall = defineCall({
  path: 'update-merchant-app-credentials',
  audience: ['merchant'],
  session: 'full',
  feature: 'app-setting',
  kind: 'write',
  audit: 'app-credentials.revoke',
  request: z.object({}).loose(),
  response: ZUpdateMerchantAppCredentialsResponse,
});
export type TUpdateMerchantAppCredentialsResponse = z.output<typeof ZUpdateMerchantAppCredentialsResponse>;
