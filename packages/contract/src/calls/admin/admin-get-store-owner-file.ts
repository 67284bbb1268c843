import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';
import { ZGetFileResponse } from '../stores/get-file.ts';

/**
 * A store owner's identity document as a data URL (the shape get-file answers), for the
 * operator reviewing the store. Audited on every read, as the KYC documents are
 * (admin/get-kyc-file): who looked at whose identity document is kept.
 */
export const ZAdminGetStoreOwnerFileRequest = z.object({ ownerId: zId('owner') });
export const adminGetStoreOwnerFileCall = defineCall({
  path: 'admin/get-store-owner-file',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'read',
  audit: 'store-owner-file.read',
  request: ZAdminGetStoreOwnerFileRequest,
  response: ZGetFileResponse,
});
export type TAdminGetStoreOwnerFileRequest = z.input<typeof ZAdminGetStoreOwnerFileRequest>;
