import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { zId } from '../../rules.ts';

/** Multipart: the file part is named 'file'; the other fields arrive as text parts. */
export const ZUploadUserKycFileRequest = z.object({
  inputId: zId('input id', 'int'),
  uri: z.string().max(500).optional(),
  application: z.string().max(100).optional(),
  applicationVersion: z.string().max(50).optional(),
  deviceId: z.string().max(200).optional(),
  deviceDetail: z.string().max(500).optional(),
  latitude: z.string().max(50).optional(),
  longitude: z.string().max(50).optional(),
});
export const ZUploadUserKycFileResponse = z.object({
  fileId: z.number().int(),
  inputId: z.number().int(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  mimeType: z.string(),
});
export const uploadUserKycFileCall = defineCall({
  path: 'upload-user-kyc-file',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: null,
  kind: 'write',
  audit: null,
  multipart: true,
  request: ZUploadUserKycFileRequest,
  response: ZUploadUserKycFileResponse,
});
export type TUploadUserKycFileRequest = z.input<typeof ZUploadUserKycFileRequest>;
export const KYC_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
