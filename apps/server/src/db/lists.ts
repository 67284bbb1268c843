// The list pipeline (ARCHITECTURE section 10, docs/lists.md). One definition per list gives:
//   listPage   a page for a screen: rows at an offset plus one count query (paginationData);
//   listAfter  a load-more page: the rows below a cursor, and the next cursor;
//   listStream every row, newest first, in bounded keyset batches, for exports;
//   listAggregate counts and sums of the rows a filter selects, per group (dashboard tiles).
// All three read the same definition, so a screen, its load-more table and its export can
// never disagree about which rows a filter selects or how a row reads.
//
// A definition splits its query in two on purpose: `filtered` is FROM, the joins a filter
// needs and WHERE (what the count query counts); `columns` adds the selection and the joins
// only the display needs (which the count never pays for). Rows are ordered by the key, a
// unique id column, descending: newest first. The keyset reads `key < last key` and never
// uses OFFSET, so a row inserted while a stream runs (a larger id) cannot shift the rows
// still to come and no row is read twice.
//
// A source may declare a rollup: summed rows standing for its rows (docs/lists.md, "Rollups").
// The total of a page, listCount and listAggregate read the rollup instead of counting rows
// whenever it keeps every param given and every group and sum asked for; otherwise (a selective
// search, a group it does not keep) they count the rows, with the same answer.
import { sql, type Expression, type ExpressionBuilder, type ReferenceExpression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { dayRangeBounds, PAGE_LIMITS, type TLoadMoreOf, type TPageOf } from '@paywallet/contract';
import { assert } from '@paywallet/ledger';
import type { Queryable } from './database.ts';
import type { Database } from './schema.ts';

/**
 * listPage reads a page whose offset is beyond this many rows from whichever end of the list is
 * nearer (after counting); nearer pages read the newest first, counting at the same time.
 */
export const PAGE_FROM_END_AFTER_ROWS = 5_000;

export const STREAM_LIMITS = {
  /** Rows one keyset query reads while streaming. */
  batchRowsDefault: 500,
  batchRowsMax: 5_000,
  /** The most rows one stream yields (an export's ceiling). */
  rowsMax: 1_000_000,
} as const;

/** The query a list's filters select, before any column: FROM, joins and WHERE. */
// Kysely's own type for a query with no selection yet is `{}`.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type FilteredQuery<Tables extends keyof Database> = SelectQueryBuilder<Database, Tables, {}>;

/** What `columns` answers: a query whose rows are the list's rows. */
export interface RowsQuery<Row> {
  execute(): Promise<Row[]>;
}

/** The order rows are read in by their key: newest first, or oldest first (a deep page). */
export type KeyOrder = 'asc' | 'desc';

/** The key column of a list: a table's bigserial id. */
export type ListKey<Tables extends keyof Database> = `${Tables & string}.id`;

/** The rows of a rollup a list's params select: FROM (usually a union of tables) and WHERE. */
// Any database tables: a rollup reads a derived table (compacted rows plus deltas) Kysely cannot name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type
export type RollupQuery = SelectQueryBuilder<any, any, {}>;

/**
 * Summed rows standing for a list's rows: each rollup row says how many rows of the list (its
 * `count`) have its values, and the sums of their money columns. Counting and summing the rollup
 * rows a filter selects answers exactly what counting the list's rows would.
 */
export interface ListRollup<Params> {
  /**
   * The rollup rows standing for exactly the rows `filtered(db, params)` selects, or undefined
   * when a param is one the rollup does not keep (then the rows are counted).
   */
  filtered(db: Queryable, params: Params): RollupQuery | undefined;
  /** How many of the list's rows a rollup row stands for. */
  count: Expression<unknown>;
}

/** The database half of a list, written in its module's repository. */
export interface ListSource<Params, Tables extends keyof Database, Row> {
  /** Names the list (logs, the export's file name). */
  name: string;
  /** The unique key the list is ordered by, descending; cursors and streams continue below it. */
  key: ListKey<Tables>;
  /**
   * The rows the params select: FROM, the joins a filter needs, WHERE. No columns, no order.
   * `readOrder` says in which order of the key the rows will be read (absent when they are
   * counted): a source built of several scans merged by key orders each scan alike, which is
   * what lets PostgreSQL merge them and stop after the rows a page needs (the transaction list).
   */
  filtered(db: Queryable, params: Params, readOrder?: KeyOrder): FilteredQuery<Tables>;
  /**
   * The columns of a row, with the joins only the display needs. `db` is there for a list whose
   * rows need a second read of their own (the account ledger's closing balances).
   */
  columns(query: FilteredQuery<Tables>, db: Queryable): RowsQuery<Row>;
  /** The key of a row (the key column must be among the columns). */
  keyOf(row: Row): bigint;
  /** Counts and sums kept ahead, read instead of counting rows when they cover the request. */
  rollup?: ListRollup<Params>;
}

/** A list: its source, and how a row reads on the wire. */
export interface ListDefinition<Params, Tables extends keyof Database, Row, View> {
  source: ListSource<Params, Tables, Row>;
  view(row: Row, params: Params): View;
}

export function defineListSource<Params, Tables extends keyof Database, Row>(
  source: ListSource<Params, Tables, Row>,
): ListSource<Params, Tables, Row> {
  return source;
}

export function defineList<Params, Tables extends keyof Database, Row, View>(
  definition: ListDefinition<Params, Tables, Row, View>,
): ListDefinition<Params, Tables, Row, View> {
  return definition;
}

export interface PageRequest {
  page: number;
  perPage: number;
}

/** A page for a screen: `perPage` rows from `(page - 1) * perPage`, and the total of the filter. */
export async function listPage<Params, Tables extends keyof Database, Row, View>(
  db: Queryable,
  list: ListDefinition<Params, Tables, Row, View>,
  params: Params,
  request: PageRequest,
  options: { fromEndAfterRows?: number } = {},
): Promise<TPageOf<View>> {
  // The request schema (zPage) refuses these; reaching here with them is a programmer error.
  assert(Number.isInteger(request.page) && request.page >= 1 && request.page <= PAGE_LIMITS.pageMax, 'page is 1..pageMax');
  assert(Number.isInteger(request.perPage) && request.perPage >= 1 && request.perPage <= PAGE_LIMITS.perPageMax, 'perPage is 1..500');
  const { source } = list;
  const skipped = (request.page - 1) * request.perPage;
  const countQuery = () => countRows(db, source, params);
  const newestFirst = () =>
    source
      .columns(source.filtered(db, params, 'desc').orderBy(sql.ref(source.key), 'desc').limit(request.perPage).offset(skipped), db)
      .execute();
  let rows: Row[];
  let total: number;
  if (skipped <= (options.fromEndAfterRows ?? PAGE_FROM_END_AFTER_ROWS)) {
    [rows, total] = await Promise.all([newestFirst(), countQuery()]);
  } else {
    // A deep page: OFFSET reads and drops every row before it, so a page past the middle is read
    // from the oldest end (ascending, skipping the rows after it) and turned round. The count
    // comes first to know which end is nearer; the deepest page then costs what the first does.
    total = await countQuery();
    const after = total - skipped - request.perPage;
    if (skipped >= total) rows = [];
    else if (after < skipped) {
      const oldestFirst = await source
        .columns(
          source
            .filtered(db, params, 'asc')
            .orderBy(sql.ref(source.key), 'asc')
            .limit(request.perPage + Math.min(0, after))
            .offset(Math.max(0, after)),
          db,
        )
        .execute();
      rows = oldestFirst.reverse();
    } else rows = await newestFirst();
  }
  assert(rows.length <= request.perPage, 'a page holds at most perPage rows');
  return {
    data: rows.map((row) => list.view(row, params)),
    paginationData: { total, perPage: request.perPage, currentPage: request.page },
  };
}

/** The rows the params select, counted: from the rollup when it keeps every param, else row by row. */
async function countRows<Params, Tables extends keyof Database, Row>(
  db: Queryable,
  source: ListSource<Params, Tables, Row>,
  params: Params,
): Promise<number> {
  const rolled = source.rollup?.filtered(db, params);
  const counted = rolled
    ? await rolled.select(sql<string>`coalesce(sum(${source.rollup!.count}), 0)::text`.as('total')).executeTakeFirstOrThrow()
    : await source
        .filtered(db, params)
        .select((eb) => eb.fn.countAll<string | number | bigint>().as('total'))
        .executeTakeFirstOrThrow();
  const total = Number(counted.total);
  assert(Number.isSafeInteger(total) && total >= 0, `${source.name}: a count is a whole number of rows`);
  return total;
}

/** How many rows the params select: the count a page answers as its total (an export's too). */
export async function listCount<Params, Tables extends keyof Database, Row, View>(
  db: Queryable,
  list: ListDefinition<Params, Tables, Row, View>,
  params: Params,
): Promise<number> {
  return countRows(db, list.source, params);
}

/** A column of one of the list's tables, or any SQL expression over them. */
export type AggregateExpression<Tables extends keyof Database> = `${Tables & string}.${string}` | Expression<unknown>;

/**
 * A group or a sum the list's rollup keeps too: its expression over the list's rows (which may
 * depend on the params, e.g. 'into the wallet the list is filtered by') and the same value over
 * the rollup's rows (for a sum, the rollup column holding the sums).
 */
export interface RolledExpression<Params, Tables extends keyof Database> {
  rows: AggregateExpression<Tables> | ((params: Params) => AggregateExpression<Tables>);
  rollup: Expression<unknown>;
}

/** What a group or a sum may be: an expression over the rows only, or one the rollup keeps too. */
export type AggregateTerm<Params, Tables extends keyof Database> = AggregateExpression<Tables> | RolledExpression<Params, Tables>;

/** Pairs an expression over the list's rows with the same value read from its rollup. */
export function rolledExpression<Params, Tables extends keyof Database>(
  rows: RolledExpression<Params, Tables>['rows'],
  rollup: Expression<unknown>,
): RolledExpression<Params, Tables> {
  return { rows, rollup };
}

export interface AggregateRequest<Params, Tables extends keyof Database, Group extends string, Sum extends string> {
  /** The groups: each named expression's value (as text, null when null) keys a row of the answer. */
  groupBy: Record<Group, AggregateTerm<Params, Tables>>;
  /** The sums per group, of int8 money columns (minor units). */
  sums: Record<Sum, AggregateTerm<Params, Tables>>;
}

export interface AggregateRow<Group extends string, Sum extends string> {
  /** The group's values, read as text (every database answers the same type). */
  group: Record<Group, string | null>;
  count: number;
  sums: Record<Sum, bigint>;
}

/** The most groups one aggregate answers; a dashboard's groups are a handful. */
export const AGGREGATE_LIMITS = { groupsMax: 10_000 } as const;

function isRolled<Params, Tables extends keyof Database>(term: AggregateTerm<Params, Tables>): term is RolledExpression<Params, Tables> {
  return typeof term === 'object' && 'rollup' in term && 'rows' in term;
}

/** A term as an expression over the list's rows. */
function rowsExpression<Params, Tables extends keyof Database>(term: AggregateTerm<Params, Tables>, params: Params): Expression<unknown> {
  const expression = isRolled(term) ? (typeof term.rows === 'function' ? term.rows(params) : term.rows) : term;
  return typeof expression === 'string' ? sql.ref(expression) : expression;
}

/** The query and the expressions an aggregate reads: the rollup's when it covers everything asked. */
function aggregateSource<Params, Tables extends keyof Database, Row, Group extends string, Sum extends string>(
  db: Queryable,
  source: ListSource<Params, Tables, Row>,
  params: Params,
  request: AggregateRequest<Params, Tables, Group, Sum>,
) {
  const terms = [...Object.values(request.groupBy), ...Object.values(request.sums)] as Array<AggregateTerm<Params, Tables>>;
  const rolled = source.rollup && terms.every(isRolled) ? source.rollup.filtered(db, params) : undefined;
  if (rolled) {
    const rollupOf = (term: AggregateTerm<Params, Tables>) => (term as RolledExpression<Params, Tables>).rollup;
    return {
      query: rolled,
      count: sql<string>`coalesce(sum(${source.rollup!.count}), 0)::text`,
      group: rollupOf,
      sum: rollupOf,
      // A rollup keeps groups whose changes cancelled out (a status moved on): they hold no rows.
      emptyGroups: 'drop' as const,
    };
  }
  const expressionOf = (term: AggregateTerm<Params, Tables>) => rowsExpression(term, params);
  return {
    query: source.filtered(db, params) as RollupQuery,
    count: sql<string>`count(*)::text`,
    group: expressionOf,
    sum: expressionOf,
    emptyGroups: 'none' as const,
  };
}

/**
 * Counts and sums over the rows a list's params select (its `filtered` query: the very rows
 * `listPage` counts), per group. A figure read this way and the list opened with the same
 * params cannot disagree: a tile counting `{ status: 1 }` equals the total of the list filtered
 * by `status: 1`. With no group it answers one row (zeros on an empty list). When the list has a
 * rollup that keeps the params, and every group and sum is a `rolledExpression`, it reads the
 * rollup's rows instead (the same answer: the rollup stands for exactly these rows).
 */
export async function listAggregate<
  Params,
  Tables extends keyof Database,
  Row,
  View,
  Group extends string = never,
  Sum extends string = never,
>(
  db: Queryable,
  list: ListDefinition<Params, Tables, Row, View>,
  params: Params,
  request: AggregateRequest<Params, Tables, Group, Sum>,
): Promise<AggregateRow<Group, Sum>[]> {
  const groupNames = Object.keys(request.groupBy) as Group[];
  const sumNames = Object.keys(request.sums) as Sum[];
  assert(
    [...groupNames, ...sumNames].every((name) => /^[a-z][A-Za-z0-9]*$/.test(name)),
    'aggregate names are plain identifiers',
  );
  const from = aggregateSource(db, list.source, params, request);
  const selections = [
    from.count.as('count__'),
    ...groupNames.map((name) => sql<string | null>`(${from.group(request.groupBy[name])})::text`.as(`g_${name}`)),
    // ::text keeps int8 sums exact on every driver (a numeric would arrive as a string or a float).
    ...sumNames.map((name) => sql<string>`coalesce(sum(${from.sum(request.sums[name])}), 0)::text`.as(`s_${name}`)),
  ];
  // Group by position: the expressions are written once, in the selection.
  const positions = groupNames.map((_name, index) => sql.raw(String(index + 2)));
  const base = from.query.select(selections);
  const grouped = positions.length === 0 ? base : base.groupBy(positions);
  const kept =
    positions.length > 0 && from.emptyGroups === 'drop' ? grouped.having(sql<boolean>`sum(${list.source.rollup!.count}) <> 0`) : grouped;
  const query = positions.length === 0 ? kept : kept.limit(AGGREGATE_LIMITS.groupsMax + 1);
  const rows = (await query.execute()) as Array<Record<string, string | null>>;
  assert(rows.length <= AGGREGATE_LIMITS.groupsMax, `${list.source.name}: an aggregate answers at most groupsMax groups`);
  return rows.map((row) => ({
    group: Object.fromEntries(groupNames.map((name) => [name, row[`g_${name}`] ?? null])) as Record<Group, string | null>,
    count: Number(row.count__),
    sums: Object.fromEntries(sumNames.map((name) => [name, BigInt(row[`s_${name}`] ?? '0')])) as Record<Sum, bigint>,
  }));
}

/** Up to `limitRows` rows with a key below `beforeKey` (all keys when absent), newest first. */
async function keysetBatch<Params, Tables extends keyof Database, Row>(
  db: Queryable,
  source: ListSource<Params, Tables, Row>,
  params: Params,
  beforeKey: bigint | undefined,
  limitRows: number,
): Promise<Row[]> {
  const key = sql.ref<bigint>(source.key);
  const filtered = source.filtered(db, params, 'desc');
  const below = beforeKey === undefined ? filtered : filtered.where(key, '<', beforeKey);
  return source.columns(below.orderBy(key, 'desc').limit(limitRows), db).execute();
}

export interface LoadMoreRequest {
  /** The cursor the previous page answered; absent for the first page. */
  cursor?: string | undefined;
  perPage: number;
}

/**
 * A load-more page: `perPage` rows below the cursor, and the cursor of the next page, or null
 * when these were the last rows. One row more than asked is read to know whether more exist.
 */
export async function listAfter<Params, Tables extends keyof Database, Row, View>(
  db: Queryable,
  list: ListDefinition<Params, Tables, Row, View>,
  params: Params,
  request: LoadMoreRequest,
): Promise<TLoadMoreOf<View>> {
  assert(Number.isInteger(request.perPage) && request.perPage >= 1 && request.perPage <= PAGE_LIMITS.perPageMax, 'perPage is 1..500');
  const beforeKey = request.cursor === undefined ? undefined : cursorKey(request.cursor);
  const rows = await keysetBatch(db, list.source, params, beforeKey, request.perPage + 1);
  const page = rows.slice(0, request.perPage);
  const last = page.at(-1);
  const nextCursor = rows.length > request.perPage && last !== undefined ? String(list.source.keyOf(last)) : null;
  return { data: page.map((row) => list.view(row, params)), nextCursor };
}

/** A cursor is the decimal key of the last row a page showed (zLoadMore validates its form). */
function cursorKey(cursor: string): bigint {
  assert(/^[1-9]\d{0,18}$/.test(cursor), 'a cursor is a positive decimal key');
  return BigInt(cursor);
}

export interface StreamOptions {
  /** Rows per keyset query; default STREAM_LIMITS.batchRowsDefault. */
  batchRows?: number;
  /** Stop after this many rows; default STREAM_LIMITS.rowsMax. */
  rowsMax?: number;
}

/**
 * Every row of the list, newest first, read in keyset batches: each batch is its own short
 * query (no transaction or server cursor held open while an export writes its file). A row
 * inserted during the stream has a larger key than those still to come, so it never appears
 * twice; the keys are checked to fall strictly, batch after batch.
 */
export async function* listStream<Params, Tables extends keyof Database, Row, View>(
  db: Queryable,
  list: ListDefinition<Params, Tables, Row, View>,
  params: Params,
  options: StreamOptions = {},
): AsyncGenerator<View, void, undefined> {
  const batchRows = options.batchRows ?? STREAM_LIMITS.batchRowsDefault;
  const rowsMax = options.rowsMax ?? STREAM_LIMITS.rowsMax;
  assert(Number.isInteger(batchRows) && batchRows >= 1 && batchRows <= STREAM_LIMITS.batchRowsMax, 'batchRows is 1..batchRowsMax');
  assert(Number.isInteger(rowsMax) && rowsMax >= 0 && rowsMax <= STREAM_LIMITS.rowsMax, 'rowsMax is 0..STREAM_LIMITS.rowsMax');
  let beforeKey: bigint | undefined;
  let yielded = 0;
  // Bounded: every pass yields a full batch or ends, and rowsMax caps the total.
  while (yielded < rowsMax) {
    const wanted = Math.min(batchRows, rowsMax - yielded);
    const rows = await keysetBatch(db, list.source, params, beforeKey, wanted);
    for (const row of rows) {
      const key = list.source.keyOf(row);
      assert(beforeKey === undefined || key < beforeKey, `${list.source.name}: keys fall strictly while streaming`);
      beforeKey = key;
      yielded += 1;
      yield list.view(row, params);
    }
    if (rows.length < wanted) return;
  }
}

// ---- filters every list shares ------------------------------------------------------------

export interface DayRange {
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

/**
 * `column` (an instant) inside a GMT day range: from `fromDate` 00:00 GMT inclusive to the end
 * of `toDate` (before the next day's 00:00 GMT). An absent side is open.
 */
export function withinDays<Tables extends keyof Database>(column: ReferenceExpression<Database, Tables>, range: DayRange) {
  const { from, before } = dayRangeBounds(range);
  return (eb: ExpressionBuilder<Database, Tables>): Expression<SqlBool> => {
    const bounds: Expression<SqlBool>[] = [];
    if (from) bounds.push(eb(column, '>=', from));
    if (before) bounds.push(eb(column, '<', before));
    return eb.and(bounds);
  };
}

declare const checkedScope: unique symbol;

/**
 * A store -> terminal -> channel scope whose ids were checked to be the merchant's and to nest
 * (stores.service `resolveStoreScope` is the only place that makes one). The narrowest id
 * given decides the filter: one channel, the channels of a terminal, or of a store.
 */
export interface ChannelScope {
  readonly [checkedScope]: true;
  readonly merchantUserId: bigint;
  readonly storeId?: bigint;
  readonly terminalId?: bigint;
  readonly channelId?: bigint;
}

/** null: no scope was given, every row passes. */
export type ChannelFilter = ChannelScope | null;

/** Marks a scope as checked; only for the code that checked it (resolveStoreScope). */
export function checkedChannelScope(scope: Omit<ChannelScope, typeof checkedScope>): ChannelScope {
  return scope as ChannelScope;
}

/**
 * `column` (a channel id) within the scope: that channel, or one of the channels of the
 * terminal or store. A subquery rather than a list of ids, so a store with many channels
 * costs one semi-join and no growing parameter list. True when there is no scope.
 */
export function inChannels<Tables extends keyof Database>(column: ReferenceExpression<Database, Tables>, scope: ChannelFilter) {
  return (eb: ExpressionBuilder<Database, Tables>): Expression<SqlBool> => {
    if (scope === null) return eb.and([]);
    if (scope.channelId !== undefined) return eb(column, '=', scope.channelId);
    const { storeId, terminalId } = scope;
    assert(storeId !== undefined || terminalId !== undefined, 'a channel scope names a store, a terminal or a channel');
    // An uncorrelated subquery: typed from no outer table, so the list's own tables stay out of it.
    const channelsOfScope = (eb as unknown as ExpressionBuilder<Database, never>)
      .selectFrom('channels')
      .select('channels.id')
      .where('channels.merchant_user_id', '=', scope.merchantUserId)
      .$if(storeId !== undefined, (query) => query.where('channels.store_id', '=', storeId!))
      .$if(terminalId !== undefined, (query) => query.where('channels.terminal_id', '=', terminalId!));
    return eb(column, 'in', channelsOfScope);
  };
}

/** A search text as a LIKE pattern: the text's own % _ \ match themselves. */
export function likePattern(search: string, where: 'prefix' | 'contains'): string {
  const escaped = search.replace(/[\\%_]/g, (character) => `\\${character}`);
  return where === 'prefix' ? `${escaped}%` : `%${escaped}%`;
}
