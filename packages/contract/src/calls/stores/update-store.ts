import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { STORE_STATUS } from '../../statuses.ts';
import { zId } from '../../rules.ts';
import { zStoreFields, zStoreId } from './common.ts';

/**
 * Saves the business form of a Draft (4) or Request For Changes (2) store; with `status: 3`
 * and `id` (the same store) it also submits the store for approval, which needs a saved owner.
 */
export const ZUpdateStoreRequest = z
  .object({
    ...zStoreFields,
    storeId: zStoreId,
    status: z.coerce
      .number()
      .int()
      .refine((value) => value === STORE_STATUS.PENDING_APPROVAL, 'The selected status is invalid')
      .optional(),
    id: zId('id').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status !== undefined && value.id !== value.storeId) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'The selected id is invalid' });
    }
  });
export const ZUpdateStoreResponse = z.object({ id: z.number().int(), status: z.number().int() });
export const updateStoreCall = defineCall({
  path: 'update-store',
  audience: ['merchant'],
  session: 'full',
  feature: 'store',
  kind: 'write',
  audit: 'store.update',
  request: ZUpdateStoreRequest,
  response: ZUpdateStoreResponse,
});
export type TUpdateStoreRequest = z.input<typeof ZUpdateStoreRequest>;
export type TUpdateStoreInput = z.output<typeof ZUpdateStoreRequest>;
