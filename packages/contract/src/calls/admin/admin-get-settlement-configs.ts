import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zPage, zPageOf } from '../../lists.ts';
import { zOptionalId } from '../../rules.ts';
import { ZSettlementConfigRow } from '../settlements/common.ts';

/** The settlement configurations, one merchant's or all, by merchant (the merchant's own first, then its channels'). */
export const ZAdminGetSettlementConfigsRequest = z.object({
  ...zPage,
  merchantId: zOptionalId('merchant'),
});
export const adminGetSettlementConfigsCall = defineCall({
  path: 'admin/get-settlement-configs',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: ZAdminGetSettlementConfigsRequest,
  response: zPageOf(ZSettlementConfigRow),
});
export type TAdminGetSettlementConfigsRequest = z.input<typeof ZAdminGetSettlementConfigsRequest>;
export type TAdminGetSettlementConfigsInput = z.output<typeof ZAdminGetSettlementConfigsRequest>;
