import { z } from 'zod';

export const ZPrivilege = z.object({
  /** Percentages as numbers of percent (2.5 = 2.5%); fixed charges in minor units. */
  vp_percentage_charges: z.number(),
  gw_percentage_charges: z.number(),
  vp_fixed_charges: z.number().int(),
  gw_fixed_charges: z.number().int(),
  min_amount: z.number().int(),
  max_amount: z.number().int(),
  daily_limit: z.number().int(),
});
export const ZPaymentMethod = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  currency_payment_method: z.array(z.object({ id: z.number().int(), currency_id: z.number().int(), privileges: z.array(ZPrivilege) })),
});
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;
