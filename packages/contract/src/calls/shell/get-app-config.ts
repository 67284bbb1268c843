import { z } from 'zod';
import { defineCall, PUBLIC } from '../../call.ts';

/** The deployment's display settings (DECISIONS 16) and support address; needs no session. */
export const ZAppConfig = z.object({
  amountDecimalPlaces: z.number().int().min(0).max(6),
  feesDecimalPlaces: z.number().int().min(0).max(6),
  vatBps: z.number().int(),
  supportEmail: z.string(),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;

export const getAppConfigCall = defineCall({
  path: 'get-app-config',
  ...PUBLIC,
  kind: 'read',
  audit: null,
  request: z.object({}).loose(),
  response: ZAppConfig,
});
