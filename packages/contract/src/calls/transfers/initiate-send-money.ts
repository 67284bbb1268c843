import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { zId } from '../../rules.ts';
import { ZQuote, zAmountMinor, zEmailOrPhone } from '../../money.ts';

/** Screen 13: prices a payment into a quote hash (10 minutes); moves nothing. */
export const ZInitiateSendMoneyRequest = z.object({
  emailOrPhone: zEmailOrPhone,
  amount: zAmountMinor,
  deductChargesFromTransactionAmount: z.coerce.number().int().min(0).max(1).optional().default(0),
  payerAccountId: zId('wallet'),
  /** When answering a money request: the request being paid. */
  request_id: zId('request id').optional(),
});
export const initiateSendMoneyCall = defineCall({
  path: 'initiate-send-money',
  audience: WALLET_HOLDERS,
  session: 'full',
  // Paying a received request is send money too (spec 1 screen 17).
  feature: 'send-money',
  kind: 'write',
  audit: null,
  request: ZInitiateSendMoneyRequest,
  response: ZQuote,
});
export type TInitiateSendMoneyRequest = z.input<typeof ZInitiateSendMoneyRequest>;
export type TInitiateSendMoneyInput = z.output<typeof ZInitiateSendMoneyRequest>;
