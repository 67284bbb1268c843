import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zStoreFields } from './common.ts';

/** Onboarding's Create: a Draft store of type 1 or 2 for the merchant; answers its id. */
export const ZCreateStoreRequest = z.object(zStoreFields);
export const ZCreateStoreResponse = z.object({ id: z.number().int(), code: z.string(), status: z.number().int() });
export const createStoreCall = defineCall({
  path: 'create-store',
  audience: ['merchant'],
  session: 'full',
  feature: 'store',
  kind: 'write',
  audit: 'store.create',
  request: ZCreateStoreRequest,
  response: ZCreateStoreResponse,
});
export type TCreateStoreRequest = z.input<typeof ZCreateStoreRequest>;
export type TCreateStoreInput = z.output<typeof ZCreateStoreRequest>;
