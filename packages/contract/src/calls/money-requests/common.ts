import { z } from 'zod';
import { MONEY_REQUEST_STATUS } from '../../statuses.ts';
import { zId } from '../../rules.ts';

const ZCurrencyRef = z.object({ code: z.string() });

/** A request I sent (My Requests). */
export const ZMyMoneyRequest = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  amount: z.number().int(),
  notes: z.string(),
  user_account: z.object({ currency: ZCurrencyRef }),
  status: z.enum(MONEY_REQUEST_STATUS),
  statusStr: z.string(),
  created_at: z.string(),
});
/** A request sent to me (User Requests). */
export const ZReceivedMoneyRequest = z.object({
  id: z.number().int(),
  user_account: z.object({ currency: ZCurrencyRef, user: z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }) }),
  notes: z.string(),
  amount: z.number().int(),
  status: z.enum(MONEY_REQUEST_STATUS),
  statusStr: z.string(),
  created_at: z.string(),
});
export type TMyMoneyRequest = z.infer<typeof ZMyMoneyRequest>;
export type TReceivedMoneyRequest = z.infer<typeof ZReceivedMoneyRequest>;

export const ZRequestIdRequest = z.object({ requestId: zId('request id') });
export const ZRequestStatusResponse = z.object({ id: z.number().int(), status: z.enum(MONEY_REQUEST_STATUS), statusStr: z.string() });
