// A prepared statement (db/prepared.ts) on a real database: built once, it binds each call's own
// values (in a transaction too), reads afresh every time, and refuses a builder that looked at an
// argument instead of binding it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import type { Queryable } from './database.ts';
import { prepared } from './prepared.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('prepared', () => {
  it('binds the values of each call into the statement built once', async () => {
    let built = 0;
    const currencyByCode = prepared((db: Queryable, code: string, minDecimals: number) => {
      built++;
      return db.selectFrom('currencies').select(['id', 'code']).where('code', '=', code).where('decimals', '>=', minDecimals);
    });
    const all = await t.deps.db.selectFrom('currencies').select(['id', 'code', 'decimals']).execute();
    expect(all.length).toBeGreaterThan(0);
    for (const currency of all) {
      expect(await currencyByCode(t.deps.db, currency.code, currency.decimals)).toEqual([{ id: currency.id, code: currency.code }]);
      expect(await currencyByCode(t.deps.db, currency.code, currency.decimals + 1)).toEqual([]);
    }
    await t.deps.db.transaction().execute(async (trx) => {
      expect(await currencyByCode(trx, all[0]!.code, 0)).toEqual([{ id: all[0]!.id, code: all[0]!.code }]);
    });
    expect(built).toBe(1);
  });

  it('refuses a builder that did not bind every argument as a value', async () => {
    // Built with stand-ins, the check on the argument's type fails and the filter is left out.
    const branching = prepared((db: Queryable, code: string) => {
      const query = db.selectFrom('currencies').select('id');
      return typeof code === 'string' ? query.where('code', '=', code) : query;
    });
    await expect(branching(t.deps.db, 'USD')).rejects.toThrow(/every argument of a prepared statement is bound/);
  });

  it('refuses an object made inside the builder, which the first call would fix for every call', async () => {
    const stale = prepared((db: Queryable, userId: bigint) =>
      db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('expires_at', '>', new Date()),
    );
    await expect(stale(t.deps.db, 1n)).rejects.toThrow(/constants of a prepared statement are plain values/);
  });
});
