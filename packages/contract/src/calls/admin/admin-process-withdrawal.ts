import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';
import { zText } from '../../text.ts';
import { WITHDRAWAL_LIMITS } from '../withdrawals/common.ts';
import { zReviewComment } from './common.ts';

/** The console's decisions on a Pending withdrawal. */
export const WITHDRAWAL_DECISIONS = ['paid', 'rejected'] as const;
export type TWithdrawalDecision = (typeof WITHDRAWAL_DECISIONS)[number];

/**
 * Paid: the bank transfer was made, with the bank's reference (required): on hold -> payouts.
 * Rejected (a comment required: the merchant reads why): the money goes back to available.
 * A request is processed once.
 */
export const ZAdminProcessWithdrawalRequest = z
  .object({
    withdrawalId: zId('withdrawal'),
    status: z.enum(WITHDRAWAL_DECISIONS, { error: 'The selected status is invalid' }),
    referenceId: zText('reference id', WITHDRAWAL_LIMITS.referenceMaxChars).optional().default(''),
    comment: zReviewComment.optional().default(''),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'paid' && value.referenceId === '') {
      ctx.addIssue({ code: 'custom', path: ['referenceId'], message: 'The reference id field is required' });
    }
    if (value.status === 'rejected' && value.comment === '') {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'The comment field is required' });
    }
  });
export const adminProcessWithdrawalCall = defineCall({
  path: 'admin/process-withdrawal',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'money',
  audit: 'withdrawal.process',
  request: ZAdminProcessWithdrawalRequest,
  response: z.object({ id: z.number().int(), status: z.number().int(), status_str: z.string() }),
});
export type TAdminProcessWithdrawalRequest = z.input<typeof ZAdminProcessWithdrawalRequest>;
export type TAdminProcessWithdrawalInput = z.output<typeof ZAdminProcessWithdrawalRequest>;
