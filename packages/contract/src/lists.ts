// What every list call shares: a page (page, perPage; paginationData in the answer), the per-page
// choices of the screens (DECISIONS 25), and the filters lists have in common: a date range
// read in GMT, the store -> terminal -> channel scope (the server checks that each belongs to
// the merchant and to the level above it) and a search text.
import { z } from 'zod';
import { zOptionalId } from './rules.ts';
import { zText } from './text.ts';

export const PAGE_LIMITS = {
  perPageDefault: 10,
  /** The server's maximum page: the last per-page choice. */
  perPageMax: 500,
  pageMax: 1_000_000,
  searchMaxChars: 100,
  /** A search of fewer characters finds nothing worth showing (spec 1 section 5). */
  searchMinChars: 2,
} as const;

/** DECISIONS 25: each shown only when the total exceeds the previous choice. */
export const PER_PAGE_CHOICES = [10, 20, 30, 50, 100, 200, 300, 400, 500] as const;

export const zPage = {
  page: z.coerce.number().int().min(1).max(PAGE_LIMITS.pageMax).optional().default(1),
  perPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGE_LIMITS.perPageMax, `The per page may not be greater than ${PAGE_LIMITS.perPageMax}`)
    .optional()
    .default(PAGE_LIMITS.perPageDefault),
};

export const zPaginationData = z.object({
  total: z.number().int(),
  perPage: z.number().int(),
  currentPage: z.number().int(),
});
export type TPaginationData = z.infer<typeof zPaginationData>;

/** The answer of a paged list. */
export function zPageOf<Row extends z.ZodType>(row: Row) {
  return z.object({ data: z.array(row), paginationData: zPaginationData });
}
export interface TPageOf<Row> {
  data: Row[];
  paginationData: TPaginationData;
}

/** The largest key a cursor may carry: int8's maximum. */
const CURSOR_KEY_MAX = 9_223_372_036_854_775_807n;

/**
 * A load-more page (the load-more tables and the notification list): the cursor the previous
 * page answered, absent for the first page, and how many rows to add. Clients treat the cursor
 * as opaque text and only send back what the server gave them.
 */
export const zLoadMore = {
  cursor: z
    .string()
    .max(40, { message: 'The cursor is invalid', abort: true })
    .trim()
    // One check: zod runs every check of a failing value, and BigInt() throws on non-digits.
    .refine((value) => /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= CURSOR_KEY_MAX, 'The cursor is invalid')
    .optional(),
  perPage: zPage.perPage,
};

/** The answer of a load-more page: the rows, and the cursor of the next page (null: no more rows). */
export function zLoadMoreOf<Row extends z.ZodType>(row: Row) {
  return z.object({ data: z.array(row), nextCursor: z.string().nullable() });
}
export interface TLoadMoreOf<Row> {
  data: Row[];
  nextCursor: string | null;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
export const zDay = (field: string) =>
  z
    .string()
    .max(20, { message: `The ${field} must be a date in the format YYYY-MM-DD`, abort: true })
    .trim()
    .regex(DAY_PATTERN, `The ${field} must be a date in the format YYYY-MM-DD`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, `The ${field} is not a valid date`);

/** fromDate and toDate, both optional, each a whole day in GMT. Refine with `dateRangeOrdered`. */
export const zDateRange = {
  fromDate: zDay('from date').optional(),
  toDate: zDay('to date').optional(),
};

/** The 'to' day may not come before the 'from' day. */
export function dateRangeOrdered(value: { fromDate?: string | undefined; toDate?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.fromDate && value.toDate && value.fromDate > value.toDate) {
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'The to date must be a date after or equal to from date' });
  }
}

/** The instants a GMT day range covers: [from 00:00, the day after `to` 00:00). */
export function dayRangeBounds(range: { fromDate?: string | undefined; toDate?: string | undefined }): { from?: Date; before?: Date } {
  const bounds: { from?: Date; before?: Date } = {};
  if (range.fromDate) bounds.from = new Date(`${range.fromDate}T00:00:00Z`);
  if (range.toDate) bounds.before = new Date(new Date(`${range.toDate}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000);
  return bounds;
}

/** Store, terminal and channel: each optional; the server checks they are the merchant's and nest. */
export const zStoreScope = {
  storeId: zOptionalId('store'),
  terminalId: zOptionalId('terminal'),
  channelId: zOptionalId('channel'),
};

/** A search text: trimmed; empty means no search. */
export const zSearch = zText('search', PAGE_LIMITS.searchMaxChars).optional();
