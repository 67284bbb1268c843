// The list pipeline on a real database, through a real list (the transaction list): pages for
// screens (totals, the last partial page, the per-page maximum), the keyset stream for exports
// (every row once, in order, across batch boundaries, also while rows are being inserted),
// load-more cursors, that pages and the stream read the same rows, and that aggregates count
// and sum exactly the rows a page's filter selects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zLoadMore } from '@paywallet/contract';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { countMoneyRows, createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../test/money.ts';
import { transactionList, transactionListParams, type TransactionListParams } from '../modules/transactions/transactions.service.ts';
import { sql } from 'kysely';
import { listAfter, listAggregate, listPage, listStream, type StreamOptions } from './lists.ts';
import { getTransactionsCall } from '@paywallet/contract';
import { transactionsPage } from '../test/money.ts';

const ROWS = 11;

let t: TestApp;
let owner: TestPerson;
let params: TransactionListParams;
/** The uuids of the owner's deposits, newest first (the list's order). */
let newestFirst: string[] = [];

async function depositUuids(person: TestPerson): Promise<string[]> {
  const rows = await t.deps.db
    .selectFrom('transactions')
    .select('uuid')
    .where('receiver_user_id', '=', person.id)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => row.uuid);
}

async function streamed(options: StreamOptions, during?: (seen: number) => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  for await (const row of listStream(t.deps.db, transactionList, params, options)) {
    seen.push(row.uuid);
    if (during) await during(seen.length);
  }
  return seen;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTestPerson(t);
  const other = await createTestPerson(t);
  for (let index = 1; index <= ROWS; index += 1) await fundWallet(t, owner.wallets.AED!, 1_000n * BigInt(index), 'AED');
  // Someone else's rows interleave with the owner's ids and must never show.
  await fundWallet(t, other.wallets.AED!, 500n, 'AED');
  await fundWallet(t, owner.wallets.AED!, 12_000n, 'AED');
  newestFirst = await depositUuids(owner);
  params = await transactionListParams(t.deps.db, owner.id, {});
});
afterAll(async () => t.close());

describe('pages for screens', () => {
  it('answers totals, full pages, the last partial page and an empty page past the end', async () => {
    // Proves paginationData and the offset arithmetic against the rows in the database.
    expect(newestFirst).toHaveLength(ROWS + 1);
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const answer = await t.call(getTransactionsCall, { page, perPage: 5 }, { token: owner.token });
      expect(answer.status).toBe(200);
      pages.push(transactionsPage(answer));
    }
    expect(pages.map((page) => page.paginationData)).toEqual([1, 2, 3, 4].map((currentPage) => ({ total: 12, perPage: 5, currentPage })));
    expect(pages.map((page) => page.data.length)).toEqual([5, 5, 2, 0]);
    expect(pages.flatMap((page) => page.data.map((row) => row.uuid))).toEqual(newestFirst);
    await expectLedgerInvariants(t);
  });

  it('reads a deep page from the oldest end and answers the same rows, newest first', async () => {
    // Proves the far-end read of listPage (past fromEndAfterRows: here every page but the first)
    // against the newest-first read: pages of 5 and 7, the partial last page, a page past the end.
    for (const perPage of [5, 7]) {
      for (const page of [1, 2, 3, 4]) {
        const near = await listPage(t.deps.db, transactionList, params, { page, perPage });
        const far = await listPage(t.deps.db, transactionList, params, { page, perPage }, { fromEndAfterRows: 0 });
        expect(far).toEqual(near);
        expect(far.data.map((row) => row.uuid)).toEqual(newestFirst.slice((page - 1) * perPage, page * perPage));
      }
    }
  });

  it('takes up to 500 rows a page and refuses more with VALIDATION_FAILED, writing nothing', async () => {
    // Proves the spec's maximum page (DECISIONS 25) at the edge: 500 passes, 501 is refused.
    const largest = await t.call(getTransactionsCall, { perPage: 500 }, { token: owner.token });
    expect(largest.status).toBe(200);
    expect(transactionsPage(largest).data).toHaveLength(12);
    const before = await countMoneyRows(t);
    for (const perPage of [501, 0, 'ten']) {
      const refused = await t.post('get-transactions', { perPage }, { token: owner.token });
      expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 400, reason: 'VALIDATION_FAILED' });
      expect(refused.data).toEqual({ errors: { perPage: expect.any(String) } });
    }
    const tooLarge = await t.call(getTransactionsCall, { perPage: 501 }, { token: owner.token });
    expect(tooLarge.message).toBe('The per page may not be greater than 500');
    expect(await countMoneyRows(t)).toEqual(before);
  });
});

describe('the keyset stream', () => {
  it('yields every row exactly once, newest first, across batch boundaries', async () => {
    // Proves batches of 1, 5 (a boundary inside the rows), 12 (exactly all) and 500 all read the same rows.
    for (const batchRows of [1, 5, 12, 500]) expect(await streamed({ batchRows })).toEqual(newestFirst);
    expect(await streamed({ batchRows: 5, rowsMax: 7 })).toEqual(newestFirst.slice(0, 7));
    expect(await streamed({ batchRows: 5, rowsMax: 0 })).toEqual([]);
  });

  it('does not read a row twice when rows are inserted while it streams', async () => {
    // Proves the keyset (id < last id), not an offset: two new rows after the first batch would
    // shift an offset by two and repeat rows; here they are simply not part of this stream.
    const seen = await streamed({ batchRows: 4 }, async (count) => {
      if (count === 4) {
        await fundWallet(t, owner.wallets.AED!, 100n, 'AED');
        await fundWallet(t, owner.wallets.AED!, 200n, 'AED');
      }
    });
    expect(seen).toEqual(newestFirst);
    expect(new Set(seen).size).toBe(seen.length);
    newestFirst = await depositUuids(owner);
    expect(newestFirst).toHaveLength(ROWS + 3);
    await expectLedgerInvariants(t);
  });

  it('reads the same rows, in the same order, as the pages of the screen', async () => {
    // Proves that a screen and an export of one list definition cannot disagree.
    const paged: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const answer = await listPage(t.deps.db, transactionList, params, { page, perPage: 3 });
      paged.push(...answer.data.map((row) => row.uuid));
    }
    expect(await streamed({ batchRows: 4 })).toEqual(paged);
    expect(paged).toEqual(newestFirst);
  });
});

describe('load-more pages', () => {
  it('walks the list with cursors until the next cursor is null', async () => {
    // Proves listAfter: each page continues below the last row shown; the last page says so.
    const walked: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    for (let step = 0; step < 10; step += 1) {
      const page = await listAfter(t.deps.db, transactionList, params, { cursor, perPage: 4 });
      walked.push(...page.data.map((row) => row.uuid));
      sizes.push(page.data.length);
      if (page.nextCursor === null) break;
      expect(page.nextCursor).toMatch(/^\d+$/);
      cursor = page.nextCursor;
    }
    expect(sizes).toEqual([4, 4, 4, 2]);
    expect(walked).toEqual(newestFirst);
  });

  it('answers a null cursor on a last page that is exactly full, and keeps going below a cursor when rows are added', async () => {
    // Proves the one-row look-ahead (no empty extra page) and that new rows never repeat old ones.
    const all = await listAfter(t.deps.db, transactionList, params, { perPage: newestFirst.length });
    expect(all.data.map((row) => row.uuid)).toEqual(newestFirst);
    expect(all.nextCursor).toBeNull();
    const first = await listAfter(t.deps.db, transactionList, params, { perPage: 7 });
    await fundWallet(t, owner.wallets.AED!, 300n, 'AED');
    const second = await listAfter(t.deps.db, transactionList, params, { cursor: first.nextCursor!, perPage: 7 });
    expect([...first.data, ...second.data].map((row) => row.uuid)).toEqual(newestFirst);
    expect(second.nextCursor).toBeNull();
    await expectLedgerInvariants(t);
  });

  it('accepts only cursors the server can have answered', () => {
    // Proves zLoadMore: a positive decimal key within int8, else 'The cursor is invalid'.
    const schema = z.object(zLoadMore);
    expect(schema.parse({ cursor: '42' })).toEqual({ cursor: '42', perPage: 10 });
    expect(schema.parse({})).toEqual({ perPage: 10 });
    for (const cursor of ['0', '-1', '1.5', 'abc', '9223372036854775808', '99999999999999999999']) {
      const result = schema.safeParse({ cursor });
      expect(result.success ? 'accepted' : result.error.issues[0]?.message).toBe('The cursor is invalid');
    }
    expect(schema.safeParse({ cursor: '9223372036854775807' }).success).toBe(true);
    expect(schema.safeParse({ perPage: 501 }).success).toBe(false);
  });
});

describe('aggregates over a list', () => {
  it('counts and sums exactly the rows the same params page, overall and per group', async () => {
    // Proves listAggregate reads the list's filtered source: its count is the page's total and
    // its sum the sum of the paged rows, with or without a filter, and groups add up to the whole.
    const everything = await listPage(t.deps.db, transactionList, params, { page: 1, perPage: 500 });
    const [whole] = await listAggregate(t.deps.db, transactionList, params, { groupBy: {}, sums: { amount: 'transactions.amount' } });
    expect(whole).toEqual({
      group: {},
      count: everything.paginationData.total,
      sums: { amount: BigInt(everything.data.reduce((sum, row) => sum + row.amount, 0)) },
    });

    const byType = await listAggregate(t.deps.db, transactionList, params, {
      groupBy: { typeId: 'transactions.transaction_type_id', status: 'transactions.status' },
      sums: { amount: 'transactions.amount', fee: 'transactions.fee' },
    });
    expect(byType.reduce((sum, row) => sum + row.count, 0)).toBe(whole!.count);
    for (const row of byType) {
      const filtered = await transactionListParams(t.deps.db, owner.id, {
        transactionTypeId: Number(row.group.typeId),
        status: Number(row.group.status),
      });
      const page = await listPage(t.deps.db, transactionList, filtered, { page: 1, perPage: 500 });
      expect(row.count).toBe(page.paginationData.total);
      expect(row.sums.amount).toBe(BigInt(page.data.reduce((sum, item) => sum + item.amount, 0)));
    }
  });

  it('answers zeros for a filter that selects nothing, and groups by any expression', async () => {
    // Proves the empty case (one row of zeros, no groups) and an expression group (the month).
    const failed = await transactionListParams(t.deps.db, owner.id, { status: 2 });
    expect(await listAggregate(t.deps.db, transactionList, failed, { groupBy: {}, sums: { amount: 'transactions.amount' } })).toEqual([
      { group: {}, count: 0, sums: { amount: 0n } },
    ]);
    expect(await listAggregate(t.deps.db, transactionList, failed, { groupBy: { status: 'transactions.status' }, sums: {} })).toEqual([]);
    const byMonth = await listAggregate(t.deps.db, transactionList, params, {
      groupBy: { month: sql`extract(month from transactions.created_at at time zone 'UTC')::int` },
      sums: {},
    });
    const total = (await listPage(t.deps.db, transactionList, params, { page: 1, perPage: 1 })).paginationData.total;
    expect(byMonth).toEqual([{ group: { month: String(new Date().getUTCMonth() + 1) }, count: total, sums: {} }]);
  });
});
