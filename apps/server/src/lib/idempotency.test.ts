// Idempotency keys (lib/idempotency.ts) on the real database: the first request with a key runs
// once and its answer is kept; the same key and request answers that answer without running
// anything; another request with the key is refused (422); ten requests sent at once with one
// key run the work once (each writes a row: one row); work that throws releases the key; keys
// are scoped; a key past its 24 h starts afresh; a duplicate that waits too long gets 409.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../test/harness.ts';
import {
  canonicalJson,
  hashRequest,
  isValidIdempotencyKey,
  purgeExpiredIdempotencyKeys,
  withIdempotency,
  type IdempotentAnswer,
} from './idempotency.ts';

describe('withIdempotency', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  const newKey = () => `key-${crypto.randomBytes(6).toString('hex')}`;
  const hashOf = (body: unknown) => hashRequest({ method: 'POST', path: '/api/merchant/v1/payments', body });

  /** Work that writes one settings row per run, so the test counts runs in the database. */
  function writingWork(marker: string, delayMs = 0) {
    let runs = 0;
    const work = async () => {
      runs++;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const key = `idem-test:${marker}:${runs}`;
      await t.deps.db.insertInto('settings').values({ key, value: 'x' }).execute();
      return { status: 201, body: { id: key, amount: 1000, nested: { ok: true } } };
    };
    return { work, runs: () => runs };
  }

  async function rowsOf(marker: string): Promise<number> {
    const row = await t.deps.db
      .selectFrom('settings')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('key', 'like', `idem-test:${marker}:%`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('runs once, then answers the stored answer for the same key and request', async () => {
    const key = newKey();
    const { work, runs } = writingWork(key);
    const input = { scope: 'merchant-api:1', key, requestHash: hashOf({ amount: 1000, currency: 'AED' }) };
    const first = await withIdempotency(t.deps, input, work);
    expect(first).toEqual({ status: 201, body: { id: `idem-test:${key}:1`, amount: 1000, nested: { ok: true } }, replayed: false });
    // The same body with its keys in another order is the same request.
    const again = await withIdempotency(t.deps, { ...input, requestHash: hashOf({ currency: 'AED', amount: 1000 }) }, work);
    expect(again).toEqual({ ...first, replayed: true });
    expect(runs()).toBe(1);
    expect(await rowsOf(key)).toBe(1);
  });

  it('refuses the same key with another body, or on another path, and runs nothing', async () => {
    const key = newKey();
    const { work, runs } = writingWork(key);
    await withIdempotency(t.deps, { scope: 'merchant-api:1', key, requestHash: hashOf({ amount: 1000 }) }, work);
    await expect(
      withIdempotency(t.deps, { scope: 'merchant-api:1', key, requestHash: hashOf({ amount: 1001 }) }, work),
    ).rejects.toMatchObject({
      reason: 'IDEMPOTENCY_KEY_REUSED',
      status: 422,
    });
    const otherPath = hashRequest({ method: 'POST', path: '/api/merchant/v1/payments/x/capture', body: { amount: 1000 } });
    await expect(withIdempotency(t.deps, { scope: 'merchant-api:1', key, requestHash: otherPath }, work)).rejects.toMatchObject({
      reason: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(runs()).toBe(1);
    expect(await rowsOf(key)).toBe(1);
  });

  it('ten requests at once with one key run the work once and all get its answer', async () => {
    const key = newKey();
    const { work, runs } = writingWork(key, 150);
    const input = { scope: 'merchant-api:1', key, requestHash: hashOf({ amount: 5 }) };
    const answers: IdempotentAnswer<unknown>[] = await Promise.all(Array.from({ length: 10 }, () => withIdempotency(t.deps, input, work)));
    expect(runs()).toBe(1);
    expect(await rowsOf(key)).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual({ status: 201, body: answers[0]!.body });
  });

  it('keeps no answer when the work throws: the key is released and the next request runs', async () => {
    const key = newKey();
    const input = { scope: 'merchant-api:1', key, requestHash: hashOf({ amount: 7 }) };
    await expect(
      withIdempotency(t.deps, input, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { work, runs } = writingWork(key);
    const answer = await withIdempotency(t.deps, input, work);
    expect(answer.replayed).toBe(false);
    expect(runs()).toBe(1);
  });

  it('keeps a refusal the work returns, and replays it', async () => {
    const key = newKey();
    const input = { scope: 'merchant-api:1', key, requestHash: hashOf({ amount: 8 }) };
    let runs = 0;
    const work = async () => {
      runs++;
      return { status: 402, body: { error: { code: 'CARD_DECLINED', message: 'Your card was declined.' } } };
    };
    const first = await withIdempotency(t.deps, input, work);
    const second = await withIdempotency(t.deps, input, work);
    expect(second).toEqual({ ...first, replayed: true });
    expect(second.status).toBe(402);
    expect(runs).toBe(1);
  });

  it('scopes keys: the same key in two scopes runs twice', async () => {
    const key = newKey();
    const { work, runs } = writingWork(key);
    const hash = hashOf({ amount: 9 });
    const a = await withIdempotency(t.deps, { scope: 'merchant-api:1', key, requestHash: hash }, work);
    const b = await withIdempotency(t.deps, { scope: 'merchant-api:2', key, requestHash: hash }, work);
    expect(a.replayed || b.replayed).toBe(false);
    expect(runs()).toBe(2);
  });

  it('starts afresh after 24 hours, and the purge removes expired keys', async () => {
    const key = newKey();
    const { work, runs } = writingWork(key);
    const input = { scope: 'merchant-api:1', key, requestHash: hashOf({ amount: 10 }) };
    await withIdempotency(t.deps, input, work);
    const row = await t.deps.db
      .selectFrom('idempotency_keys')
      .select(sql<number>`extract(epoch from expires_at - created_at)::int`.as('ttl'))
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row.ttl).toBe(24 * 3600);
    await t.deps.db
      .updateTable('idempotency_keys')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('key', '=', key)
      .execute();
    // Another body is fine now: the old key is gone.
    const fresh = await withIdempotency(t.deps, { ...input, requestHash: hashOf({ amount: 11 }) }, work);
    expect(fresh.replayed).toBe(false);
    expect(runs()).toBe(2);

    const stale = newKey();
    await withIdempotency(t.deps, { ...input, key: stale }, work);
    await t.deps.db
      .updateTable('idempotency_keys')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('key', '=', stale)
      .execute();
    expect(await purgeExpiredIdempotencyKeys(t.deps.db, 1)).toBeGreaterThanOrEqual(1);
    expect(await t.deps.db.selectFrom('idempotency_keys').select('key').where('key', '=', stale).executeTakeFirst()).toBeUndefined();
    expect(await t.deps.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).executeTakeFirst()).toBeDefined();
  });

  it('answers 409 to a duplicate that waited longer than its wait for the first request', async () => {
    const key = newKey();
    const input = { scope: 'merchant-api:1', key, requestHash: hashOf({ amount: 12 }) };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = withIdempotency(t.deps, input, async () => {
      await gate;
      return { status: 201, body: { ok: 1 } };
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(withIdempotency(t.deps, { ...input, waitMs: 100 }, async () => ({ status: 201, body: { ok: 2 } }))).rejects.toMatchObject({
      reason: 'IDEMPOTENCY_KEY_IN_PROGRESS',
      status: 409,
    });
    release();
    expect((await first).body).toEqual({ ok: 1 });
    expect((await withIdempotency(t.deps, input, async () => ({ status: 201, body: { ok: 3 } }))).body).toEqual({ ok: 1 });
  });
});

describe('request hashes and keys', () => {
  it('hashes the canonical body: key order does not matter, values, paths and methods do', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}');
    const base = { method: 'POST', path: '/p', body: { a: 1, b: 'x' } };
    expect(hashRequest(base)).toBe(hashRequest({ ...base, body: { b: 'x', a: 1 } }));
    expect(hashRequest(base)).not.toBe(hashRequest({ ...base, body: { a: 2, b: 'x' } }));
    expect(hashRequest(base)).not.toBe(hashRequest({ ...base, path: '/q' }));
    expect(hashRequest(base)).not.toBe(hashRequest({ ...base, method: 'PUT' }));
  });

  it('accepts 1 to 255 printable ASCII characters', () => {
    expect(isValidIdempotencyKey('3f1c2a9e-7d1b-4b7e-9a0e-4c7a5b1f0d2e')).toBe(true);
    expect(isValidIdempotencyKey('a'.repeat(255))).toBe(true);
    expect(isValidIdempotencyKey('a'.repeat(256))).toBe(false);
    expect(isValidIdempotencyKey('')).toBe(false);
    expect(isValidIdempotencyKey('   ')).toBe(false);
    expect(isValidIdempotencyKey('clé')).toBe(false);
    expect(isValidIdempotencyKey('a\nb')).toBe(false);
    expect(isValidIdempotencyKey(undefined)).toBe(false);
  });
});
