import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';

/** DECISIONS 18: the call takes the refund's id; only a Pending (0) refund can be canceled, and it becomes 3 Canceled. */
export const ZCancelRefundRequestRequest = z.object({ refundId: zId('refund id') });
export const cancelRefundRequestCall = defineCall({
  path: 'cancel-refund-request',
  audience: ['merchant'],
  session: 'full',
  feature: 'refund',
  kind: 'write',
  audit: 'refund.cancel',
  request: ZCancelRefundRequestRequest,
  response: z.object({ status: z.number().int(), status_str: z.string() }),
});
export type TCancelRefundRequestRequest = z.input<typeof ZCancelRefundRequestRequest>;
export type TCancelRefundRequestInput = z.output<typeof ZCancelRefundRequestRequest>;
