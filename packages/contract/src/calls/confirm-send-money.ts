import { z } from 'zod';
import { defineCall } from '../call.ts';

export const ZConfirmSendMoneyRequest = z.object({
  transactionHash: z.string({ error: 'The transaction hash field is required' }).min(1, 'The transaction hash field is required').max(200),
  request_id: z.coerce.number().int().positive().optional(),
});
export const confirmSendMoney = defineCall({
  path: 'confirm-send-money',
  auth: 'user',
  request: ZConfirmSendMoneyRequest,
  response: z.object({ transactionId: z.string() }),
});
export type TConfirmSendMoneyRequest = z.input<typeof ZConfirmSendMoneyRequest>;
