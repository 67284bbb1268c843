// Rows as one JSON parameter (db/json-rows.ts) on the real database: every value arrives as it was
// given (awkward text, the largest bigints, dates, nested JSON with its own nulls), a null column
// reads as NULL, the order is kept, and a set of any size is one statement text.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { jsonList, jsonRows } from './json-rows.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
});

afterAll(async () => {
  await t.close();
});

const AWKWARD = 'Ali\'s "gift" \\ back\\slash\nline two\t{1,2} ٪ مرحبا 💸 NULL';

interface Read {
  n: string;
  label: string | null;
  amount: string | null;
  day: string | null;
  detail: unknown;
}

async function roundTrip(rows: readonly object[]): Promise<{ rows: Read[]; text: string }> {
  const query = sql<Read>`
    SELECT v.n::text AS n, v.label, v.amount::text AS amount, v.day::text AS day, v.detail
      FROM ROWS FROM (json_to_recordset(${jsonRows(rows)}::json) AS (label text, amount bigint, day date, detail jsonb))
           WITH ORDINALITY AS v(label, amount, day, detail, n)
     ORDER BY v.n`;
  return { rows: (await query.execute(t.deps.db)).rows, text: query.compile(t.deps.db).sql };
}

describe('jsonRows', () => {
  it('carries every value exactly, a null column as NULL, nested nulls kept, in the order given', async () => {
    const { rows } = await roundTrip([
      { label: AWKWARD, amount: 9_223_372_036_854_775_807n, day: '2026-11-28', detail: { requestId: null, ids: [1n, 2n], note: AWKWARD } },
      { label: null, amount: -9_223_372_036_854_775_808n, day: null, detail: null },
      { label: '', amount: 0n, day: '2024-02-29', detail: [] },
    ]);
    expect(rows).toEqual([
      {
        n: '1',
        label: AWKWARD,
        amount: '9223372036854775807',
        day: '2026-11-28',
        detail: { requestId: null, ids: ['1', '2'], note: AWKWARD },
      },
      { n: '2', label: null, amount: '-9223372036854775808', day: null, detail: null },
      { n: '3', label: '', amount: '0', day: '2024-02-29', detail: [] },
    ]);
  });

  it('leaves a null column out of the text it sends, and keeps one statement text for sets of every size', async () => {
    expect(jsonRows([{ a: null, b: 1n, c: { d: null } }])).toBe('[{"b":"1","c":{"d":null}}]');
    const one = await roundTrip([{ label: 'x' }]);
    const many = await roundTrip(Array.from({ length: 50 }, (_, i) => ({ label: `row ${i}`, amount: BigInt(i) })));
    expect(many.rows.map((row) => row.label)).toEqual(Array.from({ length: 50 }, (_, i) => `row ${i}`));
    expect(many.text).toBe(one.text);
  });
});

describe('jsonList', () => {
  it('reads back as the list of values it was given, in any number', async () => {
    const values = ['a"b', 'c\\d', 12n, 7];
    const read = await sql<{ value: string }>`SELECT json_array_elements_text(${jsonList(values)}::json) AS value`.execute(t.deps.db);
    expect(read.rows.map((row) => row.value)).toEqual(['a"b', 'c\\d', '12', '7']);
  });
});
