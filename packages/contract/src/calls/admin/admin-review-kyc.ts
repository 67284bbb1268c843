import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';
import { USER_STATUS } from '../../statuses.ts';
import { commentRequired, zReviewComment } from './common.ts';

/** 1 approve (the user becomes Active), 3 suspend (the user is Suspended, the KYC rejected). */
export const KYC_REVIEW_STATUSES = [USER_STATUS.ACTIVE, USER_STATUS.SUSPENDED] as const;

export const ZAdminReviewKycRequest = z
  .object({
    userId: zId('user'),
    status: z.coerce
      .number({ error: 'The status field is required' })
      .int('The selected status is invalid')
      .refine((value) => (KYC_REVIEW_STATUSES as readonly number[]).includes(value), 'The selected status is invalid'),
    comment: zReviewComment,
  })
  .superRefine(commentRequired);
export const adminReviewKycCall = defineCall({
  path: 'admin/review-kyc',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'write',
  audit: 'kyc.review',
  request: ZAdminReviewKycRequest,
  response: z.object({ userId: z.number().int(), status: z.number().int(), kycStatus: z.number().int() }),
});
export type TAdminReviewKycRequest = z.input<typeof ZAdminReviewKycRequest>;
export type TAdminReviewKycInput = z.output<typeof ZAdminReviewKycRequest>;
