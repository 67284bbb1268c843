import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zPage, zPageOf, zPaginationData } from '../../lists.ts';
import { zOptionalId } from '../../rules.ts';
import { ZSettlementFilters, ZSettlementRow, ZSettlementSummary, ZSettlementTransaction } from './common.ts';

/**
 * Spec 2 `v1/settlements`: the merchant's settlements of one type (aggregate by default), newest
 * first, filtered by store, terminal and channel; paged (the screens load more by asking for the
 * next page). With settlementId: that settlement alone in `data` and its `details` (its
 * transactions, paged by page and perPage, and the summary card). Another merchant's settlement
 * answers SETTLEMENT_NOT_FOUND, as an unknown id does.
 */
export const ZSettlementsRequest = ZSettlementFilters.extend({
  ...zPage,
  settlementId: zOptionalId('settlement id'),
});

export const ZSettlementDetails = z.object({
  transactions: z.array(ZSettlementTransaction),
  /** The paging of `transactions`. */
  paginationData: zPaginationData,
  summary: ZSettlementSummary,
});
export type TSettlementDetails = z.infer<typeof ZSettlementDetails>;

export const ZSettlementsResponse = zPageOf(ZSettlementRow).extend({
  /** Only with settlementId. */
  details: ZSettlementDetails.nullable(),
});
export const settlementsCall = defineCall({
  path: 'settlements',
  audience: ['merchant'],
  session: 'full',
  feature: 'settlements',
  kind: 'read',
  audit: null,
  request: ZSettlementsRequest,
  response: ZSettlementsResponse,
});
export type TSettlementsRequest = z.input<typeof ZSettlementsRequest>;
export type TSettlementsInput = z.output<typeof ZSettlementsRequest>;
export type TSettlementsResponse = z.output<typeof ZSettlementsResponse>;
