import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';
import { REFUND_REQUEST_STATUS } from '../../statuses.ts';
import { zReviewComment } from './common.ts';

/** The console's decisions on a Pending refund: 2 approve (processed by a job), 4 reject. */
export const REFUND_DECISIONS = [REFUND_REQUEST_STATUS.PROCESSED, REFUND_REQUEST_STATUS.REJECTED] as const;

/**
 * Approve (status 2): the refund is Initiated at once and its money moves in a job, then it is
 * Processed (DECISIONS 32). Reject (status 4) needs a comment: the merchant reads why.
 */
export const ZAdminProcessRefundRequest = z
  .object({
    refundId: zId('refund id'),
    status: z.coerce
      .number({ error: 'The status field is required' })
      .int('The selected status is invalid')
      .refine((value) => (REFUND_DECISIONS as readonly number[]).includes(value), 'The selected status is invalid'),
    comment: zReviewComment.optional().default(''),
  })
  .superRefine((value, ctx) => {
    if (value.status === REFUND_REQUEST_STATUS.REJECTED && value.comment === '') {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'The comment field is required' });
    }
  });
export const adminProcessRefundCall = defineCall({
  path: 'admin/process-refund',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'money',
  audit: 'refund.process',
  request: ZAdminProcessRefundRequest,
  response: z.object({ id: z.number().int(), status: z.number().int(), status_str: z.string() }),
});
export type TAdminProcessRefundRequest = z.input<typeof ZAdminProcessRefundRequest>;
export type TAdminProcessRefundInput = z.output<typeof ZAdminProcessRefundRequest>;
