// What the refund calls share (spec 2 'Refund request', 'Refund amounts', 'Refund status history
// row'): a refund request as the lists answer it, its status history, the list's filters, and the
// refund amounts of one payment (get-transactions with refundAmountDetails=1).
import { z } from 'zod';
import { zDateRange, zSearch, zStoreScope } from '../../lists.ts';
import { zOptionalId } from '../../rules.ts';
import { REFUND_REQUEST_STATUS } from '../../statuses.ts';

export const REFUND_LIMITS = {
  /** A refund's description as stored (refund_requests allows 1000). */
  descriptionMaxChars: 1000,
  /** The list shows this many characters of a description (spec 2 section 9). */
  descriptionShownChars: 12,
  /** The console's comment on a decision. */
  commentMaxChars: 2000,
} as const;

/** Spec 2 section 4: 0 Pending, 1 Initiated, 2 Processed, 3 Canceled, 4 Rejected. */
export const REFUND_REQUEST_STATUS_LABEL: Readonly<Record<number, string>> = {
  0: 'Pending',
  1: 'Initiated',
  2: 'Processed',
  3: 'Canceled',
  4: 'Rejected',
} satisfies Record<(typeof REFUND_REQUEST_STATUS)[keyof typeof REFUND_REQUEST_STATUS], string>;

/** Who added a refund: a person on the back office (`merchant`), the merchant API, a POS device, or the console. */
export const REFUND_SOURCES = ['merchant', 'api', 'pos', 'console'] as const;
export type TRefundSource = (typeof REFUND_SOURCES)[number];

/** Spec 2 'Refund status history row'. */
export const ZRefundStatusHistoryRow = z.object({
  status: z.number().int(),
  status_str: z.string(),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type TRefundStatusHistoryRow = z.infer<typeof ZRefundStatusHistoryRow>;

/** Spec 2 'Refund request', as get-all-refunds and create-refund-request answer it. */
export const ZRefundRow = z.object({
  id: z.number().int(),
  uuid: z.string(),
  /** The refunded payment's transaction id. */
  transaction_id: z.number().int(),
  /** The refunded payment's uuid. */
  reference_id: z.string().nullable(),
  status: z.number().int(),
  status_str: z.string(),
  description: z.string().nullable(),
  /** Minor units. */
  amount: z.number().int(),
  /** The person who added it (null for none); `source` says through which door. */
  added_by: z.number().int().nullable(),
  added_by_user: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  source: z.enum(REFUND_SOURCES),
  /** The merchant. */
  user_id: z.number().int(),
  refunded_transaction: z.object({
    uuid: z.string(),
    currency: z.object({ code: z.string() }),
    channel: z.object({ name: z.string(), code: z.string() }).nullable(),
  }),
  /** The status history, oldest first. */
  details: z.array(ZRefundStatusHistoryRow),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TRefundRow = z.infer<typeof ZRefundRow>;

const REFUND_STATUS_VALUES = Object.values(REFUND_REQUEST_STATUS) as number[];

export const zRefundStatusFilter = z.coerce
  .number()
  .int()
  .refine((value) => REFUND_STATUS_VALUES.includes(value), 'The selected status is invalid')
  .optional();

/** get-all-refunds' filters (spec 2 section 7); the refunds report takes the same. */
export const ZRefundFilters = z.object({
  ...zDateRange,
  ...zStoreScope,
  currencyId: zOptionalId('currency', 'int'),
  /** The refund's or the payment's uuid (or its beginning), or part of the description. */
  search: zSearch,
  status: zRefundStatusFilter,
});
export type TRefundFilters = z.output<typeof ZRefundFilters>;

/** Spec 2 'Refund amounts' of one payment: minor units. remaining = transaction - processed - pending. */
export const ZRefundAmountDetails = z.object({
  transactionAmount: z.number().int(),
  processedRefundAmount: z.number().int(),
  /** Pending and Initiated refunds: they count against what remains. */
  pendingRefundsAmount: z.number().int(),
  remainingRefundAmount: z.number().int(),
});
export type TRefundAmountDetails = z.infer<typeof ZRefundAmountDetails>;
