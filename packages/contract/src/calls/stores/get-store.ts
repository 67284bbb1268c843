import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { PAGE_LIMITS, zPage, zPageOf } from '../../lists.ts';
import { zText } from '../../text.ts';
import { STORE_LIMITS, ZStoreRow } from './common.ts';

/** The store list (spec 3 section 2.4): the merchant's stores, newest first, each with its review log. */
export const ZGetStoreRequest = z.object({
  search: zText('search', PAGE_LIMITS.searchMaxChars).optional(),
  /** The store holding exactly this reference (the Onboard modal opens it instead of creating a second). */
  reference: zText('reference', STORE_LIMITS.referenceMaxChars).optional(),
  ...zPage,
});
export const ZGetStoreResponse = zPageOf(ZStoreRow);
export const getStoreCall = defineCall({
  path: 'get-store',
  audience: ['merchant'],
  session: 'full',
  feature: 'store',
  kind: 'read',
  audit: null,
  request: ZGetStoreRequest,
  response: ZGetStoreResponse,
});
export type TGetStoreRequest = z.input<typeof ZGetStoreRequest>;
export type TGetStoreInput = z.output<typeof ZGetStoreRequest>;
export type TGetStoreResponse = z.output<typeof ZGetStoreResponse>;
