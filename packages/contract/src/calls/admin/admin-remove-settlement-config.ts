import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId, zOptionalId } from '../../rules.ts';

/**
 * Removes a channel's settlement configuration: the channel's payments are settled by the
 * merchant's own configuration again. The merchant-wide configuration (no channelId) is never
 * removed (SETTLEMENT_CONFIG_MERCHANT_WIDE): edit it instead. The channel must be one of the
 * merchant's (CHANNEL_NOT_FOUND) and have a configuration of its own (SETTLEMENT_CONFIG_NOT_FOUND).
 */
export const ZAdminRemoveSettlementConfigRequest = z.object({
  merchantId: zId('merchant'),
  channelId: zOptionalId('channel'),
});
export const adminRemoveSettlementConfigCall = defineCall({
  path: 'admin/remove-settlement-config',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'write',
  audit: 'settlement-config.remove',
  request: ZAdminRemoveSettlementConfigRequest,
  /** The removed configuration's id. */
  response: z.object({ id: z.number().int() }),
});
export type TAdminRemoveSettlementConfigRequest = z.input<typeof ZAdminRemoveSettlementConfigRequest>;
export type TAdminRemoveSettlementConfigInput = z.output<typeof ZAdminRemoveSettlementConfigRequest>;
