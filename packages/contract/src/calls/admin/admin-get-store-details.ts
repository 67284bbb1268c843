import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';
import { ZStoreActivation } from '../stores/common.ts';

/**
 * What a store review approves (issue 15): any merchant's store with its business details, MCC
 * and owners, in the shape the merchant's update view reads (get-store-activation). Each owner's
 * document is read on its own with admin/get-store-owner-file when the operator opens it.
 */
export const ZAdminGetStoreDetailsRequest = z.object({ storeId: zId('store') });
export const adminGetStoreDetailsCall = defineCall({
  path: 'admin/get-store-details',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: ZAdminGetStoreDetailsRequest,
  response: ZStoreActivation,
});
export type TAdminGetStoreDetailsRequest = z.input<typeof ZAdminGetStoreDetailsRequest>;
