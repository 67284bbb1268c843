// Named statements (db/named-statements.ts) on the PostgreSQL server: a text is prepared on its
// second run and then runs by name on that connection; a connection holds no more names than its
// limit, and the node no more than it tracks; a statement prepared in a transaction that rolled
// back still runs; a statement that failed to parse names nothing; and a `select *` whose table
// gained a column is refused once, then runs again with the new shape.
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';
import { withNamedStatements, type NamedStatementsPool } from './named-statements.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && adminUrl !== undefined;

describe.skipIf(!onPostgres)('named statements (PostgreSQL)', () => {
  let scratch: ScratchDatabase;
  let raw: pg.Pool;

  beforeEach(async () => {
    scratch = await createScratchDatabase(adminUrl!, 'pw_named');
    // One connection, so that what one run prepared is there for the next.
    raw = new pg.Pool({ connectionString: scratch.url, max: 1 });
  });

  afterEach(async () => {
    await raw.end();
    await scratch.drop();
  });

  async function run(pool: NamedStatementsPool, text: string, values: unknown[]) {
    const client = await pool.connect();
    try {
      return (await client.query<Record<string, unknown>>(text, values)).rows;
    } finally {
      client.release();
    }
  }

  async function preparedOnConnection(pool: NamedStatementsPool): Promise<string[]> {
    const rows = await run(pool, 'select statement from pg_prepared_statements order by name', []);
    return rows.map((row) => String(row.statement));
  }

  it('prepares a text on its second run and runs it by name after', async () => {
    const pool = withNamedStatements(raw);
    const sum = 'select $1::int + $2::int as total';
    expect(await run(pool, sum, [1, 2])).toEqual([{ total: 3 }]);
    expect(await preparedOnConnection(pool)).toEqual([]);
    expect(await run(pool, sum, [2, 3])).toEqual([{ total: 5 }]);
    expect(await run(pool, sum, [40, 2])).toEqual([{ total: 42 }]);
    expect(await preparedOnConnection(pool)).toEqual([sum]);
    expect(pool.report()).toMatchObject({ namedRuns: 2, names: 1 });
  });

  it('holds no more names on a connection than its limit, and runs the rest unnamed', async () => {
    const pool = withNamedStatements(raw, { perConnection: 2 });
    const texts = [1, 2, 3].map((n) => `select $1::int * ${n} as product`);
    for (const text of texts) {
      await run(pool, text, [7]);
      await run(pool, text, [7]);
    }
    expect(await run(pool, texts[2]!, [3])).toEqual([{ product: 9 }]);
    expect(await preparedOnConnection(pool)).toEqual(texts.slice(0, 2));
    expect(pool.report()).toMatchObject({ namedRuns: 2, names: 3 });
  });

  it('names no more texts on the node than it tracks, and runs the rest unnamed', async () => {
    const pool = withNamedStatements(raw, { tracked: 2 });
    const texts = [1, 2, 3].map((n) => `select $1::int + ${n} as total`);
    for (const text of texts) {
      await run(pool, text, [10]);
      await run(pool, text, [10]);
    }
    expect(await run(pool, texts[2]!, [20])).toEqual([{ total: 23 }]);
    expect(await preparedOnConnection(pool)).toEqual(texts.slice(0, 2));
    expect(pool.report()).toEqual({ namedRuns: 2, unnamedRuns: 6, names: 2 });
  });

  it('keeps a statement prepared in a transaction that rolled back, and names nothing for a text that failed to parse', async () => {
    const pool = withNamedStatements(raw);
    const text = 'select $1::text as echo';
    const client = await pool.connect();
    try {
      await client.query(text, ['first']);
      await client.query('begin', []);
      expect((await client.query(text, ['inside'])).rows).toEqual([{ echo: 'inside' }]);
      await client.query('rollback', []);
      expect((await client.query(text, ['after'])).rows).toEqual([{ echo: 'after' }]);
      const broken = 'selec $1::int';
      await expect(client.query(broken, [1])).rejects.toThrow(/syntax error/);
      await expect(client.query(broken, [1])).rejects.toThrow(/syntax error/);
      await expect(client.query(broken, [1])).rejects.toThrow(/syntax error/);
      expect((await client.query(text, ['still'])).rows).toEqual([{ echo: 'still' }]);
    } finally {
      client.release();
    }
    expect(await preparedOnConnection(pool)).toEqual([text]);
  });

  it('runs a select * again with its new columns after one refusal when its table changed', async () => {
    const pool = withNamedStatements(raw);
    await run(pool, 'create table notes (id int primary key, body text)', []);
    await run(pool, 'insert into notes values (1, $1)', ['hello']);
    const read = 'select * from notes where id = $1';
    await run(pool, read, [1]);
    expect(await run(pool, read, [1])).toEqual([{ id: 1, body: 'hello' }]);
    await run(pool, "alter table notes add column author text not null default 'ann'", []);
    await expect(run(pool, read, [1])).rejects.toThrow(/cached plan must not change result type/);
    expect(await run(pool, read, [1])).toEqual([{ id: 1, body: 'hello', author: 'ann' }]);
    expect(await run(pool, read, [1])).toEqual([{ id: 1, body: 'hello', author: 'ann' }]);
  });
});
