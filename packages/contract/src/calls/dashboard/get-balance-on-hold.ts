import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zPage, zPageOf } from '../../lists.ts';
import { zId } from '../../rules.ts';

/** One movement of a wallet's on-hold bucket (spec 2 Hold Balance, section 3 Held balance). */
export const ZHeldBalanceRow = z.object({
  /** What moved on hold, minor units. */
  amount: z.number().int(),
  total_amount: z.number().int(),
  fee: z.number().int(),
  vat: z.number().int(),
  /** 1 credit (money came on hold), 2 debit (money left the hold). */
  type: z.number().int(),
  transaction_type: z.object({ name: z.string() }),
  type_id: z.number().int(),
  transaction: z.object({ uuid: z.string() }),
  user_account: z.object({ currency: z.object({ code: z.string() }) }),
  created_at: z.string(),
});
export type THeldBalanceRow = z.infer<typeof ZHeldBalanceRow>;

/** 1: the movement credited the hold; anything else debited it. */
export const HELD_BALANCE_TYPE = { CREDIT: 1, DEBIT: 2 } as const;

export const ZGetBalanceOnHoldRequest = z.object({ userAccountId: zId('account'), ...zPage });
export const getBalanceOnHoldCall = defineCall({
  path: 'get-balance-on-hold',
  audience: ['merchant'],
  session: 'full',
  feature: 'dashboard-overview',
  kind: 'read',
  audit: null,
  request: ZGetBalanceOnHoldRequest,
  response: zPageOf(ZHeldBalanceRow),
});
export type TGetBalanceOnHoldRequest = z.input<typeof ZGetBalanceOnHoldRequest>;
export type TGetBalanceOnHoldInput = z.output<typeof ZGetBalanceOnHoldRequest>;
