import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { dateRangeOrdered, zDateRange, zPage, zPaginationData } from '../../lists.ts';
import { zId, zOptionalId } from '../../rules.ts';

/**
 * One entry of a wallet's ledger (spec 2 section 3, Ledger row): the movement it belongs to,
 * what it took from the wallet (debit) or added to it (credit), and the wallet's balance
 * (available plus on hold) right after it. `id` is the entry's own id, unique per row: one
 * transaction can touch both buckets of a wallet and so give two rows.
 */
export const ZLedgerRow = z.object({
  id: z.number().int(),
  transaction: z.object({
    uuid: z.string(),
    reference_id: z.string().nullable(),
    channel: z.object({ name: z.string() }).nullable(),
    currency: z.object({ code: z.string() }),
  }),
  transaction_type_id: z.number().int(),
  transaction_type: z.object({ name: z.string() }),
  debit_amount: z.number().int(),
  credit_amount: z.number().int(),
  /** The wallet's balance after this entry, computed by the server against every entry of the wallet. */
  closing_balance: z.number().int(),
  created_at: z.string(),
});
export type TLedgerRow = z.infer<typeof ZLedgerRow>;

/** Spec 2 sections 2 and 5: a ledger export needs both days (the screen's toast, the server's refusal). */
export const LEDGER_EXPORT_DATES_REQUIRED = 'Date Filters Are Required To Generate Excel';

/** A ledger export's rule: both fromDate and toDate, each missing one named with the spec's message. */
export function ledgerExportDatesRequired(
  value: { fromDate?: string | undefined; toDate?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  for (const field of ['fromDate', 'toDate'] as const) {
    if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: LEDGER_EXPORT_DATES_REQUIRED });
  }
}

/** The ledger's filters: the wallet (required), the caller's channel, a GMT day range. */
export const ZLedgerFilters = z.object({
  userAccountId: zId('account'),
  channelId: zOptionalId('channel'),
  ...zDateRange,
});
export type TLedgerFilters = z.output<typeof ZLedgerFilters>;

/**
 * get-account-ledger (spec 2 section 7): the wallet's entries, newest first, a page at a time.
 * `closingBalance` is the wallet's balance after the newest row of the page (null when the page
 * is empty); going down, each row's closing balance is the one above minus its credit plus its
 * debit, and each row carries its own (`closing_balance`), which stays right when a filter
 * leaves rows out.
 */
export const ZGetAccountLedgerRequest = ZLedgerFilters.extend({ ...zPage }).superRefine(dateRangeOrdered);
export const ZGetAccountLedgerResponse = z.object({
  data: z.array(ZLedgerRow),
  paginationData: zPaginationData,
  closingBalance: z.number().int().nullable(),
});
export const getAccountLedgerCall = defineCall({
  path: 'get-account-ledger',
  audience: ['merchant'],
  session: 'full',
  feature: 'account-ledger',
  kind: 'read',
  audit: null,
  request: ZGetAccountLedgerRequest,
  response: ZGetAccountLedgerResponse,
});
export type TGetAccountLedgerRequest = z.input<typeof ZGetAccountLedgerRequest>;
export type TGetAccountLedgerInput = z.output<typeof ZGetAccountLedgerRequest>;
export type TGetAccountLedgerResponse = z.output<typeof ZGetAccountLedgerResponse>;
