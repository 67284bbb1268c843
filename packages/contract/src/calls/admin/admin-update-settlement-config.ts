import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId, zOptionalId } from '../../rules.ts';
import { SETTLEMENT_LIMITS, SETTLEMENT_SCHEDULES, ZSettlementConfigRow, zSettlementType } from '../settlements/common.ts';

const wholeNumber = (field: string, min: number, max: number, range: string) =>
  z.coerce
    .number({ error: `The ${field} field is required` })
    .int(`The ${field} must be a whole number`)
    .min(min, `The ${field} must be between ${range}`)
    .max(max, `The ${field} must be between ${range}`);

/**
 * Sets a merchant's settlement configuration (no channelId) or one channel's, which overrides the
 * merchant's for that channel's payments: created if missing, replaced otherwise. A direct
 * settlement is paid out to the bank and holds no reserve (reserveBps must be 0). The channel
 * must be one of the merchant's (CHANNEL_NOT_FOUND); the merchant a merchant's main account
 * (MERCHANT_NOT_FOUND).
 */
export const ZAdminUpdateSettlementConfigRequest = z
  .object({
    merchantId: zId('merchant'),
    channelId: zOptionalId('channel'),
    type: zSettlementType,
    schedule: z.enum(SETTLEMENT_SCHEDULES, { error: 'The selected schedule is invalid' }).optional().default('daily'),
    delayDays: wholeNumber('delay', SETTLEMENT_LIMITS.delayDaysMin, SETTLEMENT_LIMITS.delayDaysMax, '1 and 30 days').optional().default(1),
    /** 0 to 10000 basis points (0 to 100%). */
    reserveBps: wholeNumber('rolling reserve', 0, SETTLEMENT_LIMITS.reserveBpsMax, '0% and 100%'),
    /** 0 to 365 days, in seconds. */
    reserveHoldSeconds: wholeNumber('reserve hold duration', 0, SETTLEMENT_LIMITS.reserveHoldSecondsMax, '0 and 365 days'),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'direct' && value.reserveBps !== 0) {
      ctx.addIssue({ code: 'custom', path: ['reserveBps'], message: 'A direct settlement cannot hold a rolling reserve' });
    }
  });
export const adminUpdateSettlementConfigCall = defineCall({
  path: 'admin/update-settlement-config',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'write',
  audit: 'settlement-config.update',
  request: ZAdminUpdateSettlementConfigRequest,
  response: ZSettlementConfigRow,
});
export type TAdminUpdateSettlementConfigRequest = z.input<typeof ZAdminUpdateSettlementConfigRequest>;
export type TAdminUpdateSettlementConfigInput = z.output<typeof ZAdminUpdateSettlementConfigRequest>;
