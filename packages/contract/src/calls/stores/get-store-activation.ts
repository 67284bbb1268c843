import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { ZStoreActivation, zStoreId } from './common.ts';

/** One store's activation (the update view): its business form and its owners. */
export const ZGetStoreActivationRequest = z.object({ storeId: zStoreId });
export const getStoreActivationCall = defineCall({
  path: 'get-store-activation',
  audience: ['merchant'],
  session: 'full',
  feature: 'store',
  kind: 'read',
  audit: null,
  request: ZGetStoreActivationRequest,
  response: ZStoreActivation,
});
export type TGetStoreActivationRequest = z.input<typeof ZGetStoreActivationRequest>;
