import { z } from 'zod';
import { defineCall } from '../call.ts';
import { ZQuote, zAmountMinor, zEmailOrPhone, zId } from './money-common.ts';

export const ZInitiateSendMoneyRequest = z.object({
  emailOrPhone: zEmailOrPhone,
  amount: zAmountMinor,
  deductChargesFromTransactionAmount: z.coerce.number().int().min(0).max(1).optional().default(0),
  payerAccountId: zId('wallet'),
  /** When answering a money request: the request being paid. */
  request_id: z.coerce.number().int().positive().optional(),
});
export const initiateSendMoney = defineCall({
  path: 'initiate-send-money',
  auth: 'user',
  request: ZInitiateSendMoneyRequest,
  response: ZQuote,
});
export type TInitiateSendMoneyRequest = z.input<typeof ZInitiateSendMoneyRequest>;
