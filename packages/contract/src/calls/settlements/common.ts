// What the settlement calls share (spec 2 "Settlements", "Aggregate Settlement Details", "Direct
// Settlement Details", section 3 Settlement, Rolling reserve, Settlement transaction; DECISIONS 2
// and 3): the settlement types, a settlement row with its rolling reserve, a settlement's
// transactions and summary, the list's filters, and a merchant's settlement configuration.
import { z } from 'zod';
import { zStoreScope } from '../../lists.ts';
import { zOptionalId } from '../../rules.ts';

/** 1 aggregate (to the merchant's wallet), 2 direct (paid out to the merchant's bank). */
export const SETTLEMENT_TYPE = { AGGREGATE: 1, DIRECT: 2 } as const;
export type TSettlementTypeId = (typeof SETTLEMENT_TYPE)[keyof typeof SETTLEMENT_TYPE];
export const SETTLEMENT_TYPE_NAMES = ['aggregate', 'direct'] as const;
export type TSettlementTypeName = (typeof SETTLEMENT_TYPE_NAMES)[number];
export const SETTLEMENT_TYPE_LABEL: Readonly<Record<TSettlementTypeName, string>> = { aggregate: 'Aggregate', direct: 'Direct' };

export function settlementTypeName(id: number): TSettlementTypeName {
  return id === SETTLEMENT_TYPE.DIRECT ? 'direct' : 'aggregate';
}
export function settlementTypeId(name: TSettlementTypeName): TSettlementTypeId {
  return name === 'direct' ? SETTLEMENT_TYPE.DIRECT : SETTLEMENT_TYPE.AGGREGATE;
}

/** The only schedule so far: once a day, settling the payments up to a cut-off N days back. */
export const SETTLEMENT_SCHEDULES = ['daily'] as const;
export type TSettlementSchedule = (typeof SETTLEMENT_SCHEDULES)[number];

export const SETTLEMENT_LIMITS = {
  /** T+N: a daily run settles the payments made up to the end of the day N days before (GMT). */
  delayDaysMin: 1,
  delayDaysMax: 30,
  /** The rolling reserve in basis points: 0 to 100%. */
  reserveBpsMax: 10_000,
  /** How long a reserve is held, in seconds: 0 to 365 days. */
  reserveHoldSecondsMax: 365 * 24 * 60 * 60,
} as const;

/**
 * 'aggregate' or 'direct', or the spec's numbers 1 and 2 (the settlements export sends 1 for
 * aggregate): read as the name.
 */
export const zSettlementType = z.preprocess(
  (value) => {
    if (value === 1 || value === '1') return 'aggregate';
    if (value === 2 || value === '2') return 'direct';
    return value;
  },
  z.enum(SETTLEMENT_TYPE_NAMES, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'The type field is required' : 'The selected type is invalid'),
  }),
);

/** Spec 2 "Rolling reserve": 0 Pending, 1 Initiated, 2 Cancelled, 3 Completed (released). */
export const ROLLING_RESERVE_STATUS = { PENDING: 0, INITIATED: 1, CANCELLED: 2, COMPLETED: 3 } as const;
export type TRollingReserveStatus = (typeof ROLLING_RESERVE_STATUS)[keyof typeof ROLLING_RESERVE_STATUS];
export const ROLLING_RESERVE_STATUS_LABEL: Readonly<Record<number, string>> = {
  0: 'Pending',
  1: 'Initiated',
  2: 'Cancelled',
  3: 'Completed',
} satisfies Record<TRollingReserveStatus, string>;

/** Spec 2 "Rolling reserve": the part of an aggregate settlement held back, released at release_at. */
export const ZRollingReserve = z.object({
  uuid: z.string(),
  /** Minor units. */
  amount: z.number().int(),
  /** The reserve's percentage in basis points (1000 = 10%). */
  rolling_reserve: z.number().int(),
  status: z.number().int(),
  status_str: z.string(),
  /** How long it is held, in seconds (the screens show days, hours and mins). */
  time_interval: z.number().int(),
  /** When it is (or was) released to the merchant's available balance. */
  release_at: z.string(),
  /** The release's transaction (type 14), once released. */
  release_transaction_uuid: z.string().nullable(),
  updated_at: z.string(),
  created_at: z.string(),
});
export type TRollingReserve = z.infer<typeof ZRollingReserve>;

const ZNameCode = z.object({ name: z.string(), code: z.string() });

/**
 * Spec 2 "Settlement". amount, fee and vat are minor units: amount is what the settled payments
 * came to (less the refunds of them paid from on hold), fee and vat their charges, so the
 * settlement amount is amount − fee − vat (DECISIONS 3), and with a reserve the merchant
 * received amount − fee − vat − rolling_reserve.amount.
 */
export const ZSettlementRow = z.object({
  id: z.number().int(),
  uuid: z.string(),
  type: z.enum(SETTLEMENT_TYPE_NAMES),
  /** The first and last day (YYYY-MM-DD, GMT) of the payments it settled. */
  from_date: z.string(),
  to_date: z.string(),
  /** The posting's transaction uuid (type 12 aggregate, 7 direct); null when nothing was left to move. */
  reference: z.string().nullable(),
  /** DECISIONS 2: 0 Pending, 1 Initiated, 2 Cancelled, 3 Done. */
  status: z.number().int(),
  status_str: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  vat: z.number().int(),
  /** amount − fee − vat: what left the on-hold balance. */
  settlement_amount: z.number().int(),
  /** How many payments it settled. */
  transactions_count: z.number().int(),
  created_at: z.string(),
  channel: ZNameCode.nullable(),
  user_account: z.object({ id: z.number().int(), currency: z.object({ code: z.string() }) }),
  rolling_reserve: ZRollingReserve.nullable(),
});
export type TSettlementRow = z.infer<typeof ZSettlementRow>;

/** On a refund (type 6) inside a settlement: the payment it gave money back for. */
export const ZSettlementRefundedTransaction = z.object({
  uuid: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  vat: z.number().int(),
  created_at: z.string(),
});

/**
 * Spec 2 "Settlement transaction": a payment the settlement settled (types 8, 9, 10), or a
 * refund of one of them (type 6, with refunded_transaction) that was paid from on hold and so
 * reduced the settlement.
 */
export const ZSettlementTransaction = z.object({
  uuid: z.string(),
  sender_account_title: z.string().nullable(),
  sender_account_number: z.string().nullable(),
  receiver_account_title: z.string().nullable(),
  amount: z.number().int(),
  vat: z.number().int(),
  fee: z.number().int(),
  /** What it added to (a payment) or took from (a refund, negative) the settlement, minor units. */
  settled_amount: z.number().int(),
  transaction_type_id: z.number().int(),
  sender_user_id: z.number().int().nullable(),
  reference_id: z.string().nullable(),
  created_at: z.string(),
  refunded_transaction: ZSettlementRefundedTransaction.nullable(),
});
export type TSettlementTransaction = z.infer<typeof ZSettlementTransaction>;

/**
 * The summary card (spec 2, DECISIONS 3): Payable Amount, Fee, Vat, Settlement Amount
 * (= payable − fee − vat); with a reserve, Reserve (%) in basis points, Reserve (Amount) and
 * Settlement After Reserve (= settlement − reserve). The reserve fields are null without one.
 */
export const ZSettlementSummary = z.object({
  payable_amount: z.number().int(),
  fee: z.number().int(),
  vat: z.number().int(),
  settlement_amount: z.number().int(),
  reserve_percent: z.number().int().nullable(),
  reserve_amount: z.number().int().nullable(),
  settlement_after_reserve: z.number().int().nullable(),
});
export type TSettlementSummary = z.infer<typeof ZSettlementSummary>;

/** The settlements list's filters (spec 2 section 7 `v1/settlements`); the exports take the same. */
export const ZSettlementFilters = z.object({
  type: zSettlementType.optional().default('aggregate'),
  ...zStoreScope,
});
export type TSettlementFilters = z.output<typeof ZSettlementFilters>;

/** One settlement's transactions (the settlement detail screens and the `settlement` export). */
export const ZSettlementDetailFilters = z.object({
  settlementId: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: 'The settlement id field is required' })
      .int('The selected settlement id is invalid')
      .positive('The selected settlement id is invalid')
      .max(Number.MAX_SAFE_INTEGER, 'The selected settlement id is invalid'),
  ),
});

/** A merchant's settlement configuration, or one channel's (which overrides the merchant's). */
export const ZSettlementConfigRow = z.object({
  id: z.number().int(),
  merchant: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    business_name: z.string().nullable(),
  }),
  /** Null: the merchant's own configuration, for every channel without one. */
  channel: z.object({ id: z.number().int(), name: z.string(), code: z.string() }).nullable(),
  type: z.enum(SETTLEMENT_TYPE_NAMES),
  schedule: z.enum(SETTLEMENT_SCHEDULES),
  /** T+N: a day's run settles the payments made up to the end of the day N days before (GMT). */
  delay_days: z.number().int(),
  /** Basis points of each aggregate settlement held back (1000 = 10%). */
  reserve_bps: z.number().int(),
  /** Seconds a reserve is held before it is released. */
  reserve_hold_seconds: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TSettlementConfigRow = z.infer<typeof ZSettlementConfigRow>;

/** A settlement as a run lists it (the console's runs screen). */
export const ZSettlementOfRun = z.object({
  id: z.number().int(),
  uuid: z.string(),
  type: z.enum(SETTLEMENT_TYPE_NAMES),
  merchant_id: z.number().int(),
  currency: z.object({ code: z.string() }),
  channel: ZNameCode.nullable(),
  amount: z.number().int(),
  fee: z.number().int(),
  vat: z.number().int(),
  settlement_amount: z.number().int(),
  reserve_amount: z.number().int().nullable(),
  transactions_count: z.number().int(),
  created_at: z.string(),
});

/** The batch-run states: running, then done. */
export const SETTLEMENT_RUN_STATES = ['running', 'done'] as const;

/** A settlement run (a batch run of kind `settle-payments`), with its counts and what it settled. */
export const ZSettlementRun = z.object({
  id: z.number().int(),
  /** The batch run's period: `day:<YYYY-MM-DD>` for the schedule's, `cut:<epoch milliseconds>[:m<merchant id>]` for a run by hand. */
  period: z.string(),
  /** Payments made before this instant were eligible (per each configuration's delay for the schedule's runs). */
  cutoff: z.string(),
  /** A run by hand for one merchant. */
  merchant_id: z.number().int().nullable(),
  manual: z.boolean(),
  state: z.enum(SETTLEMENT_RUN_STATES),
  items_done: z.number().int(),
  items_skipped: z.number().int(),
  items_failed: z.number().int(),
  last_error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  settlements: z.array(ZSettlementOfRun),
});
export type TSettlementRun = z.infer<typeof ZSettlementRun>;

export const zOptionalMerchantId = zOptionalId('merchant');
