import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';

/** One fee of a merchant's schedule: per card scheme and currency, percentage + fixed (minor units). */
export const ZMerchantFeeRow = z.object({
  id: z.number().int(),
  schemeId: z.number().int(),
  schemeName: z.string(),
  schemeCode: z.string(),
  currencyId: z.number().int(),
  currency: z.string(),
  /** Percent, e.g. 2.5 (= 250 basis points). */
  percentage: z.number(),
  percentageBps: z.number().int(),
  /** Minor units. */
  fixed: z.number().int(),
  fixedText: z.string(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type TMerchantFeeRow = z.infer<typeof ZMerchantFeeRow>;

export const ZMerchantFeeSchedule = z.object({
  merchantId: z.number().int(),
  fees: z.array(ZMerchantFeeRow),
  /** Every card scheme, for the editor's choice. */
  schemes: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string() })),
});

export const ZAdminGetFeeScheduleRequest = z.object({ merchantId: zId('merchant') });
/** A merchant's card fee schedule (operations console). */
export const adminGetFeeScheduleCall = defineCall({
  path: 'admin/get-fee-schedule',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: ZAdminGetFeeScheduleRequest,
  response: ZMerchantFeeSchedule,
});
export type TAdminGetFeeScheduleRequest = z.input<typeof ZAdminGetFeeScheduleRequest>;

const ZFeeWrite = z.object({
  schemeId: zId('card scheme', 'int'),
  currency: z
    .string({ error: 'The currency field is required' })
    .max(10, { message: 'The selected currency is invalid', abort: true })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'The selected currency is invalid'),
  /** Basis points: 250 = 2.5%. */
  percentageBps: z.coerce
    .number({ error: 'The percentage field is required' })
    .int('The percentage must be whole basis points')
    .min(0, 'The percentage cannot be negative')
    .max(10_000, 'The percentage cannot exceed 100'),
  /** Minor units. */
  fixed: z.coerce
    .number({ error: 'The fixed fee field is required' })
    .int('The fixed fee must be in minor units')
    .min(0, 'The fixed fee cannot be negative')
    .max(100_000_000, 'The fixed fee is too large'),
  active: z.boolean().default(true),
});
export const ZAdminUpdateFeeScheduleRequest = z.object({
  merchantId: zId('merchant'),
  fees: z.array(ZFeeWrite).min(1, 'Add at least one fee').max(50, 'At most 50 fees at once'),
});
/** Sets fees of a merchant's schedule (each inserted or replaced); audited. */
export const adminUpdateFeeScheduleCall = defineCall({
  path: 'admin/update-fee-schedule',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'write',
  audit: 'merchant-fees.update',
  request: ZAdminUpdateFeeScheduleRequest,
  response: ZMerchantFeeSchedule,
});
export type TAdminUpdateFeeScheduleRequest = z.input<typeof ZAdminUpdateFeeScheduleRequest>;
export type TUpdateFeeScheduleInput = z.output<typeof ZAdminUpdateFeeScheduleRequest>;
