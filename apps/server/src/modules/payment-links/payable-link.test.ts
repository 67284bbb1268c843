// What the hosted checkout reads of a link (interfaces.md, H2 links): getPayableLink by token
// for any merchant, whyUnpayable for each state (active, inactive, expired, single-use paid),
// and lockLinkForPayment holding the row so two payments of one link take turns.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import {
  getPayableLink,
  insertPaymentLink,
  lockLinkForPayment,
  newLinkToken,
  whyUnpayable,
  type PayableLink,
} from './payment-links.service.ts';

let t: TestApp;
let shop: TestMerchant;
let schemeIds: number[];
let aed: number;

async function link(extra: Partial<Parameters<typeof insertPaymentLink>[1]> = {}) {
  return insertPaymentLink(t.deps.db, {
    merchantUserId: shop.id,
    channelId: shop.stores[0]!.terminals[0]!.channels[0]!.id,
    currencyId: aed,
    amount: 12_345n,
    type: 1,
    status: 1,
    exipresIn: null,
    redirectUrl: 'https://shop.example.com/done',
    callbackUrl: 'https://shop.example.com/hook',
    receiptNo: 'R-1',
    email: 'buyer@example.com',
    phone: '+971501234567',
    description: 'Two bags of beans',
    addedBy: shop.id,
    schemeIds,
    ...extra,
  });
}

/** A successful link payment (type 8, status 1) through the link, written straight in the table. */
async function recordPaidTransaction(linkId: bigint, status = 1) {
  await sql`
    INSERT INTO transactions (uuid, transaction_type_id, status, currency_id, amount, total_amount, receiver_user_id, payment_link_id)
    VALUES (${crypto.randomUUID()}, 8, ${status}, ${aed}, 12345, 12345, ${shop.id}, ${linkId})
  `.execute(t.deps.db);
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  shop = await createTestMerchant(t);
  aed = (await t.deps.db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow()).id;
  const methods = await t.deps.db.selectFrom('payment_methods').select('id').orderBy('sort').orderBy('id').limit(2).execute();
  schemeIds = methods.map((method) => method.id);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

describe('getPayableLink', () => {
  it('reads a link by its token with the merchant, store, amount, schemes and fields', async () => {
    const { id, token } = await link();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const payable = await getPayableLink(t.deps.db, token);
    expect(payable).toEqual({
      id,
      token,
      merchantUserId: shop.id,
      merchantName: expect.stringMatching(/^Test Business/),
      storeName: 'Store 1',
      channelId: shop.stores[0]!.terminals[0]!.channels[0]!.id,
      currency: 'AED',
      amountMinor: 12_345n,
      type: 1,
      status: 1,
      expiresAt: null,
      schemeIds,
      schemes: schemeIds.map((schemeId) => ({ id: schemeId, name: expect.any(String) })),
      redirectUrl: 'https://shop.example.com/done',
      callbackUrl: 'https://shop.example.com/hook',
      email: 'buyer@example.com',
      phone: '+971501234567',
      description: 'Two bags of beans',
      receiptNo: 'R-1',
      paidCount: 0,
    } satisfies PayableLink);
    expect(whyUnpayable(payable!, new Date())).toBeNull();
  });

  it('answers undefined for an unknown or malformed token', async () => {
    expect(await getPayableLink(t.deps.db, newLinkToken())).toBeUndefined();
    expect(await getPayableLink(t.deps.db, "x' OR 1=1 --")).toBeUndefined();
    expect(await getPayableLink(t.deps.db, '')).toBeUndefined();
  });

  it('tokens are unguessable: 192 random bits, url-safe, never repeated', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newLinkToken()));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(24);
  });
});

describe('whyUnpayable', () => {
  it('refuses an inactive link, takes it again once active', async () => {
    const { token } = await link({ status: 2 });
    const payable = (await getPayableLink(t.deps.db, token))!;
    expect(whyUnpayable(payable, new Date())).toBe('LINK_INACTIVE');
    expect(whyUnpayable({ ...payable, status: 1 }, new Date())).toBeNull();
  });

  it('refuses an expired link from the second its lifetime ends', async () => {
    const createdAt = new Date(Date.now() - 3_600_000);
    const { token } = await link({ exipresIn: 3_600, createdAt });
    const payable = (await getPayableLink(t.deps.db, token))!;
    expect(payable.expiresAt).toEqual(new Date(createdAt.getTime() + 3_600_000));
    expect(whyUnpayable(payable, new Date(createdAt.getTime() + 3_599_999))).toBeNull();
    expect(whyUnpayable(payable, new Date(createdAt.getTime() + 3_600_000))).toBe('LINK_EXPIRED');
  });

  it('refuses a single-use link after one successful payment; a failed one does not count; a multiple-use link goes on', async () => {
    const single = await link({ type: 0 });
    await recordPaidTransaction(single.id, 2);
    expect(whyUnpayable((await getPayableLink(t.deps.db, single.token))!, new Date())).toBeNull();
    await recordPaidTransaction(single.id);
    const paid = (await getPayableLink(t.deps.db, single.token))!;
    expect(paid.paidCount).toBe(1);
    expect(whyUnpayable(paid, new Date())).toBe('LINK_ALREADY_PAID');

    const multiple = await link({ type: 1 });
    await recordPaidTransaction(multiple.id);
    await recordPaidTransaction(multiple.id);
    const many = (await getPayableLink(t.deps.db, multiple.token))!;
    expect(many.paidCount).toBe(2);
    expect(whyUnpayable(many, new Date())).toBeNull();
  });
});

describe('lockLinkForPayment', () => {
  it('reads the link under a row lock; a second payment of a single-use link waits and then sees the first', async () => {
    const single = await link({ type: 0 });
    const order: string[] = [];
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstLocked!: () => void;
    const locked = new Promise<void>((resolve) => (firstLocked = resolve));
    const first = t.deps.db.transaction().execute(async (trx) => {
      const read = await lockLinkForPayment(trx, single.id);
      expect(whyUnpayable(read, new Date())).toBeNull();
      order.push('first locked');
      firstLocked();
      await firstHolds;
      await sql`
        INSERT INTO transactions (uuid, transaction_type_id, status, currency_id, amount, total_amount, receiver_user_id, payment_link_id)
        VALUES (${crypto.randomUUID()}, 8, 1, ${aed}, 12345, 12345, ${shop.id}, ${single.id})
      `.execute(trx);
      order.push('first paid');
    });
    await locked;
    const second = t.deps.db.transaction().execute(async (trx) => {
      const read = await lockLinkForPayment(trx, single.id);
      order.push('second locked');
      return whyUnpayable(read, new Date());
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    releaseFirst();
    await first;
    expect(await second).toBe('LINK_ALREADY_PAID');
    expect(order).toEqual(['first locked', 'first paid', 'second locked']);
  });

  it('throws for a link that does not exist', async () => {
    await expect(t.deps.db.transaction().execute((trx) => lockLinkForPayment(trx, 999_999_999n))).rejects.toThrow(/does not exist/);
  });
});
