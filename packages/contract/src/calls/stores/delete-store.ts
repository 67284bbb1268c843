import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zStoreId } from './common.ts';

/**
 * Deletes one of the merchant's Draft stores (issue 15): a store never submitted nor reviewed,
 * with its owners and their documents, and the terminals and channels the demo seeds on one.
 * Any other status answers STORE_NOT_DELETABLE.
 */
export const ZDeleteStoreRequest = z.object({ storeId: zStoreId });
export const ZDeleteStoreResponse = z.object({ id: z.number().int() });
export const deleteStoreCall = defineCall({
  path: 'delete-store',
  audience: ['merchant'],
  session: 'full',
  feature: 'store',
  kind: 'write',
  audit: 'store.delete',
  request: ZDeleteStoreRequest,
  response: ZDeleteStoreResponse,
});
export type TDeleteStoreRequest = z.input<typeof ZDeleteStoreRequest>;
export type TDeleteStoreInput = z.output<typeof ZDeleteStoreRequest>;
