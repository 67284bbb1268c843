import { z } from 'zod';
import { defineCall } from '../call.ts';

/** Multipart: the file part is named 'file'; the other fields arrive as text parts. */
export const ZUploadUserKycFileRequest = z.object({
  inputId: z.coerce.number({ error: 'The input id field is required' }).int().positive('The input id field is required'),
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
export const uploadUserKycFile = defineCall({
  path: 'upload-user-kyc-file',
  auth: 'user',
  multipart: true,
  request: ZUploadUserKycFileRequest,
  response: ZUploadUserKycFileResponse,
});
export const KYC_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
