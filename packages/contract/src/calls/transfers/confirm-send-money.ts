import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { zId } from '../../rules.ts';

/** Screens 14 and 17: moves the quoted money, once per hash; a repeat answers the first result. */
export const ZConfirmSendMoneyRequest = z.object({
  transactionHash: z
    .string({ error: 'The transaction hash field is required' })
    .min(1, 'The transaction hash field is required')
    .max(200, 'The transaction hash is invalid'),
  /**
   * The money request this payment answers (spec 1 section 7: the consumer's answer sends it on
   * confirm). A quote priced with request_id must name the same request; a quote priced without
   * it pays the named request after the same checks as initiate (pending, asked of this payer by
   * the quote's payee, same currency and amount).
   */
  request_id: zId('request id').optional(),
});
export const confirmSendMoneyCall = defineCall({
  path: 'confirm-send-money',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: 'send-money',
  kind: 'money',
  audit: 'transfer.confirm',
  request: ZConfirmSendMoneyRequest,
  response: z.object({ transactionId: z.string() }),
});
export type TConfirmSendMoneyRequest = z.input<typeof ZConfirmSendMoneyRequest>;
export type TConfirmSendMoneyInput = z.output<typeof ZConfirmSendMoneyRequest>;
