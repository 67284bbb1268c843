import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';
import { ZGetFileResponse } from '../stores/get-file.ts';

/**
 * A file a KYC submission names, as a data URL (the shape get-file answers), so that an
 * operator sees the document before deciding. Files no submission names are not served. Each
 * read is audited: an identity document is personal data, and who looked at it is kept.
 */
export const ZAdminGetKycFileRequest = z.object({ fileId: zId('file') });
export const adminGetKycFileCall = defineCall({
  path: 'admin/get-kyc-file',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'read',
  audit: 'kyc-file.read',
  request: ZAdminGetKycFileRequest,
  response: ZGetFileResponse,
});
export type TAdminGetKycFileRequest = z.input<typeof ZAdminGetKycFileRequest>;
