import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';
import { STORE_STATUS } from '../../statuses.ts';
import { commentRequired, zReviewComment } from './common.ts';

/** The statuses a review gives: 1 approve, 2 request changes, 0 deactivate. */
export const STORE_REVIEW_STATUSES = [STORE_STATUS.ACTIVE, STORE_STATUS.REQUEST_FOR_CHANGES, STORE_STATUS.DEACTIVE] as const;

/**
 * The review moves allowed, from -> to: a store pending approval is approved or sent back for
 * changes; an active store is deactivated; a deactivated store is activated again.
 */
export const STORE_REVIEW_MOVES: Readonly<Record<number, readonly number[]>> = {
  [STORE_STATUS.PENDING_APPROVAL]: [STORE_STATUS.ACTIVE, STORE_STATUS.REQUEST_FOR_CHANGES],
  [STORE_STATUS.ACTIVE]: [STORE_STATUS.DEACTIVE],
  [STORE_STATUS.DEACTIVE]: [STORE_STATUS.ACTIVE],
};

export const ZAdminReviewStoreRequest = z
  .object({
    storeId: zId('store'),
    status: z.coerce
      .number({ error: 'The status field is required' })
      .int('The selected status is invalid')
      .refine((value) => (STORE_REVIEW_STATUSES as readonly number[]).includes(value), 'The selected status is invalid'),
    comment: zReviewComment,
  })
  .superRefine(commentRequired);
export const adminReviewStoreCall = defineCall({
  path: 'admin/review-store',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'write',
  audit: 'store.review',
  request: ZAdminReviewStoreRequest,
  response: z.object({
    id: z.number().int(),
    status: z.number().int(),
    /** The terminals and channels made on approval for a store that had none. */
    createdChannels: z.number().int(),
  }),
});
export type TAdminReviewStoreRequest = z.input<typeof ZAdminReviewStoreRequest>;
export type TAdminReviewStoreInput = z.output<typeof ZAdminReviewStoreRequest>;
