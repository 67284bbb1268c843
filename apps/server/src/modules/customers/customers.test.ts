// get-merchant-customers: the merchant's own customers with their masked cards, newest first,
// filtered by day range (GMT), search and store -> terminal -> channel (each checked to be the
// merchant's); another merchant's customers never appear and its ids are refused; the table
// refuses a card number that is not masked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMerchantCustomersCall, type TGetMerchantCustomersRequest } from '@paywallet/contract';
import { createTestApp, fieldErrors, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import { addCustomer } from './customers.service.ts';

let t: TestApp;
let shop: TestMerchant;
let rival: TestMerchant;

const DAY = 24 * 60 * 60 * 1000;
const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}Z`);

async function list(who: { token: string }, body: TGetMerchantCustomersRequest = {}) {
  return t.call(getMerchantCustomersCall, body, { token: who.token });
}

async function names(who: { token: string }, body: TGetMerchantCustomersRequest = {}) {
  const answer = await list(who, body);
  expect(answer.status, answer.message).toBe(200);
  return answer.data.data.map((row) => row.name);
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  shop = await createTestMerchant(t, {
    stores: [
      {
        name: 'North',
        terminals: [
          {
            channels: [
              { name: 'North Web', type: 'online' },
              { name: 'North Till', type: 'pos' },
            ],
          },
        ],
      },
      { name: 'South', terminals: [{ channels: [{ name: 'South Web', type: 'online' }] }] },
    ],
    staff: [{ features: ['merchant-customers'] }, { features: ['transactions'] }],
  });
  rival = await createTestMerchant(t, { stores: [{ terminals: [{ channels: [{ type: 'online' }] }] }] });
  const [northWeb, northTill] = shop.stores[0]!.terminals[0]!.channels;
  const southWeb = shop.stores[1]!.terminals[0]!.channels[0]!;
  const customer = (
    name: string,
    channelId: bigint | null,
    createdAt: Date,
    cards: string[] = [],
    extra: Partial<{ email: string; phone: string }> = {},
  ) =>
    addCustomer(t.deps.db, {
      merchantUserId: shop.id,
      name,
      email: extra.email ?? `${name.toLowerCase().replace(/ /g, '.')}@example.com`,
      phone: extra.phone ?? null,
      country: 'United Arab Emirates',
      city: 'Dubai',
      channelId,
      transactionsCount: cards.length,
      createdAt,
      cards: cards.map((cardNumber, index) => ({
        cardHolderName: name.toUpperCase(),
        cardNumber,
        createdAt: new Date(createdAt.getTime() + index * DAY),
      })),
    });
  await customer('Amal Haddad', northWeb!.id, at('2026-03-01', '00:00:00'), ['411111******1111', '545454******5454']);
  await customer('Bilal Saad', northTill!.id, at('2026-03-02', '23:59:59'), [], { phone: '+971551234567' });
  await customer('Carla Nasr', southWeb.id, at('2026-03-03'), ['400000******0002']);
  await customer('Dana 100% Real', null, at('2026-03-04'));
  await addCustomer(t.deps.db, {
    merchantUserId: rival.id,
    name: 'Amal Rival',
    email: 'amal.rival@example.com',
    phone: null,
    country: null,
    city: null,
    channelId: rival.stores[0]!.terminals[0]!.channels[0]!.id,
    transactionsCount: 3,
    createdAt: at('2026-03-01'),
    cards: [{ cardHolderName: 'AMAL RIVAL', cardNumber: '411111******9999', createdAt: at('2026-03-01') }],
  });
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

describe('get-merchant-customers', () => {
  it('answers the merchant’s customers newest first, with their masked cards, and nothing of another merchant', async () => {
    // Proves the row shape, the order, the card nesting and the merchant filter.
    const answer = await list(shop);
    expect(answer.status).toBe(200);
    expect(answer.data.paginationData).toEqual({ total: 4, perPage: 10, currentPage: 1 });
    expect(answer.data.data.map((row) => row.name)).toEqual(['Dana 100% Real', 'Carla Nasr', 'Bilal Saad', 'Amal Haddad']);
    expect(answer.data.data[3]).toEqual({
      id: expect.any(Number),
      name: 'Amal Haddad',
      email: 'amal.haddad@example.com',
      phone: null,
      country: 'United Arab Emirates',
      city: 'Dubai',
      transactions_count: 2,
      created_at: '2026-03-01T00:00:00.000Z',
      cards: [
        { card_holder_name: 'AMAL HADDAD', card_number: '411111******1111', created_at: '2026-03-01T00:00:00.000Z' },
        { card_holder_name: 'AMAL HADDAD', card_number: '545454******5454', created_at: '2026-03-02T00:00:00.000Z' },
      ],
    });
    expect(answer.data.data[0]!.cards).toEqual([]);
    expect(await names(rival)).toEqual(['Amal Rival']);
  });

  it('reads the day range in GMT, whole days, both ends included', async () => {
    // Proves 00:00:00 and 23:59:59 GMT land inside their day.
    expect(await names(shop, { fromDate: '2026-03-01', toDate: '2026-03-02' })).toEqual(['Bilal Saad', 'Amal Haddad']);
    expect(await names(shop, { fromDate: '2026-03-03' })).toEqual(['Dana 100% Real', 'Carla Nasr']);
    expect(await names(shop, { toDate: '2026-03-01' })).toEqual(['Amal Haddad']);
  });

  it('searches name, e-mail and phone, with % and _ matching themselves', async () => {
    expect(await names(shop, { search: 'carla' })).toEqual(['Carla Nasr']);
    expect(await names(shop, { search: 'haddad@example' })).toEqual(['Amal Haddad']);
    expect(await names(shop, { search: '+97155123' })).toEqual(['Bilal Saad']);
    expect(await names(shop, { search: '100%' })).toEqual(['Dana 100% Real']);
    expect(await names(shop, { search: '0%R' })).toEqual([]);
  });

  it('filters by store, terminal and channel of the first payment', async () => {
    const north = shop.stores[0]!;
    expect(await names(shop, { storeId: Number(north.id) })).toEqual(['Bilal Saad', 'Amal Haddad']);
    expect(await names(shop, { storeId: Number(north.id), terminalId: Number(north.terminals[0]!.id) })).toEqual([
      'Bilal Saad',
      'Amal Haddad',
    ]);
    expect(await names(shop, { channelId: Number(north.terminals[0]!.channels[1]!.id) })).toEqual(['Bilal Saad']);
    expect(await names(shop, { storeId: Number(shop.stores[1]!.id) })).toEqual(['Carla Nasr']);
  });

  it('pages', async () => {
    const second = await list(shop, { page: 2, perPage: 3 });
    expect(second.data.data.map((row) => row.name)).toEqual(['Amal Haddad']);
    expect(second.data.paginationData).toEqual({ total: 4, perPage: 3, currentPage: 2 });
  });

  it('refuses another merchant’s store, terminal and channel, and a channel outside the store given', async () => {
    // Proves the scope check: the refusal names the level, and no row of either merchant leaks.
    const other = rival.stores[0]!;
    for (const [body, reason] of [
      [{ storeId: Number(other.id) }, 'STORE_NOT_FOUND'],
      [{ terminalId: Number(other.terminals[0]!.id) }, 'TERMINAL_NOT_FOUND'],
      [{ channelId: Number(other.terminals[0]!.channels[0]!.id) }, 'CHANNEL_NOT_FOUND'],
      [{ storeId: Number(shop.stores[1]!.id), channelId: Number(shop.stores[0]!.terminals[0]!.channels[0]!.id) }, 'CHANNEL_NOT_FOUND'],
    ] as const) {
      const answer = await list(shop, body);
      expect(answer.status).toBe(404);
      expect(answer.reason).toBe(reason);
      expect(answer.data).toBeNull();
    }
  });

  it('refuses malformed filters with their messages', async () => {
    const reversed = await list(shop, { fromDate: '2026-03-05', toDate: '2026-03-01' });
    expect(reversed.reason).toBe('VALIDATION_FAILED');
    expect(fieldErrors(reversed)).toEqual({ toDate: 'The to date must be a date after or equal to from date' });
    const badDay = await list(shop, { fromDate: '2026-02-30' });
    expect(fieldErrors(badDay)).toEqual({ fromDate: 'The from date is not a valid date' });
    const badPage = await list(shop, { perPage: 501 });
    expect(fieldErrors(badPage)).toEqual({ perPage: 'The per page may not be greater than 500' });
  });

  it('lets staff granted the feature read the merchant’s customers; others are refused', async () => {
    expect(await names(shop.staff[0]!)).toEqual(['Dana 100% Real', 'Carla Nasr', 'Bilal Saad', 'Amal Haddad']);
    const refused = await list(shop.staff[1]!);
    expect(refused.status).toBe(403);
    expect(refused.reason).toBe('FEATURE_NOT_GRANTED');
  });
});

describe('the customer tables', () => {
  it('refuse a card number that is not masked to its first six and last four digits', async () => {
    // Proves DECISIONS 19 at the database: a full number cannot be stored, by any code.
    for (const cardNumber of ['4111111111111111', '411111-1111', '41111******1111', '411111****111a']) {
      await expect(
        addCustomer(t.deps.db, {
          merchantUserId: shop.id,
          name: 'Full Number',
          email: null,
          phone: null,
          country: null,
          city: null,
          channelId: null,
          transactionsCount: 1,
          createdAt: new Date(),
          cards: [{ cardHolderName: 'FULL NUMBER', cardNumber, createdAt: new Date() }],
        }),
      ).rejects.toThrow();
    }
  });

  it('refuse a customer on another merchant’s channel', async () => {
    await expect(
      addCustomer(t.deps.db, {
        merchantUserId: shop.id,
        name: 'Crossed',
        email: null,
        phone: null,
        country: null,
        city: null,
        channelId: rival.stores[0]!.terminals[0]!.channels[0]!.id,
        transactionsCount: 0,
        createdAt: new Date(),
        cards: [],
      }),
    ).rejects.toThrow(/belongs to the customer's merchant/);
  });
});
