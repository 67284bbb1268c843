import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';

/** A stored document as a data URL; type STORE: an owner's document, typeId the owner's id. */
export const ZGetFileRequest = z.object({
  type: z.enum(['STORE'], { error: 'The selected type is invalid' }),
  typeId: zId('type id'),
});
export const ZGetFileResponse = z.object({ file: z.string(), mimeType: z.string(), fileName: z.string() });
export const getFileCall = defineCall({
  path: 'get-file',
  audience: ['merchant'],
  session: 'full',
  feature: 'store',
  kind: 'read',
  audit: null,
  request: ZGetFileRequest,
  response: ZGetFileResponse,
});
export type TGetFileRequest = z.input<typeof ZGetFileRequest>;
