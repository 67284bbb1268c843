import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zPage, zPageOf } from '../../lists.ts';
import { zOptionalId } from '../../rules.ts';
import { ZSettlementRun } from '../settlements/common.ts';

/** The settlement runs, newest first, with their state, counts and the settlements each made (one merchant's, with merchantId). */
export const ZAdminGetSettlementRunsRequest = z.object({
  ...zPage,
  merchantId: zOptionalId('merchant'),
});
export const adminGetSettlementRunsCall = defineCall({
  path: 'admin/get-settlement-runs',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: ZAdminGetSettlementRunsRequest,
  response: zPageOf(ZSettlementRun),
});
export type TAdminGetSettlementRunsRequest = z.input<typeof ZAdminGetSettlementRunsRequest>;
export type TAdminGetSettlementRunsInput = z.output<typeof ZAdminGetSettlementRunsRequest>;
