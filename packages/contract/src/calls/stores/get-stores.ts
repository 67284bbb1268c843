import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { PAGE_LIMITS, zPage, zPaginationData } from '../../lists.ts';
import { CHANNEL_TYPE } from '../../statuses.ts';
import { zText } from '../../text.ts';

export const ZChannelOption = z.object({ id: z.number().int(), name: z.string(), code: z.string(), type: z.enum(CHANNEL_TYPE) });
export const ZTerminalOption = z.object({ id: z.number().int(), name: z.string(), code: z.string(), channels: z.array(ZChannelOption) });
export const ZStoreOption = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  status: z.number().int(),
  terminals: z.array(ZTerminalOption),
});
/** A channel with the store and terminal it belongs to, shown as store/terminal/channel. */
export const ZChannelWithParents = ZChannelOption.extend({
  store: z.object({ id: z.number().int(), name: z.string() }),
  terminal: z.object({ id: z.number().int(), name: z.string() }),
});
export type TChannelOption = z.infer<typeof ZChannelOption>;
export type TTerminalOption = z.infer<typeof ZTerminalOption>;
export type TStoreOption = z.infer<typeof ZStoreOption>;
export type TChannelWithParents = z.infer<typeof ZChannelWithParents>;

/** get-stores' `type`: the stores only, or with every channel listed flat as well. */
export const GET_STORES_TYPE = { STORES: 0, WITH_CHANNELS: 1 } as const;

/**
 * The merchant's stores with their terminals and channels: the options of every store ->
 * terminal -> channel filter (spec 2 and 3), searchable by store name or code. `type: 1` also
 * lists the channels flat (the payment-link form's channel select). `paginate: 1` pages the
 * stores (the profile's table); otherwise the first page of the maximum size is answered.
 */
export const ZGetStoresRequest = z.object({
  type: z.coerce.number().int().min(GET_STORES_TYPE.STORES).max(GET_STORES_TYPE.WITH_CHANNELS).optional().default(GET_STORES_TYPE.STORES),
  search: zText('search', PAGE_LIMITS.searchMaxChars)
    .refine(
      (value) => value === '' || value.length >= PAGE_LIMITS.searchMinChars,
      `The search must be at least ${PAGE_LIMITS.searchMinChars} characters`,
    )
    .optional(),
  paginate: z.coerce.number().int().min(0).max(1).optional().default(0),
  ...zPage,
});
export const ZGetStoresResponse = z.object({
  stores: z.array(ZStoreOption),
  channels: z.array(ZChannelWithParents).optional(),
  paginationData: zPaginationData.optional(),
});
export const getStoresCall = defineCall({
  path: 'get-stores',
  audience: ['merchant'],
  session: 'full',
  // Every merchant screen that filters by store reads it: open to the merchant's whole staff.
  feature: null,
  kind: 'read',
  audit: null,
  request: ZGetStoresRequest,
  response: ZGetStoresResponse,
});
export type TGetStoresRequest = z.input<typeof ZGetStoresRequest>;
export type TGetStoresInput = z.output<typeof ZGetStoresRequest>;
export type TGetStoresResponse = z.output<typeof ZGetStoresResponse>;
