// get-stores, the options of every store -> terminal -> channel filter: the merchant's own
// stores only, nested in creation order; search by name or code; the flat channel list of
// type 1; paging with paginate 1; and who may call it (merchants and all their staff).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { createTestPerson, type TestPerson } from '../../test/money.ts';
import { getStoresCall, type TGetStoresRequest } from '@paywallet/contract';

let t: TestApp;
let shop: TestMerchant;
let rival: TestMerchant;
let consumer: TestPerson;
const codeOf: Record<string, string> = {};

async function getStores(who: { token: string }, body: TGetStoresRequest = {}) {
  const answer = await t.call(getStoresCall, body, { token: who.token });
  expect(answer.status, answer.message).toBe(200);
  return answer.data;
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await createTestMerchant(t, {
    stores: [
      {
        name: 'Alpha Roasters',
        terminals: [
          {
            name: 'Counter',
            channels: [
              { name: 'Web Shop', type: 'online' },
              { name: 'Till', type: 'pos' },
            ],
          },
          { name: 'Kiosk', channels: [{ name: 'Kiosk Till', type: 'pos' }] },
        ],
      },
      { name: 'Beta Bakery', status: 4, terminals: [{ name: 'Oven Door', channels: [] }] },
      { name: 'Gamma 100% Juice' },
    ],
    staff: [{ features: [] }],
  });
  rival = await createTestMerchant(t, { stores: [{ name: 'Alpha Rival', terminals: [{ channels: [{ type: 'online' }] }] }] });
  consumer = await createTestPerson(t);
  const rows = await t.deps.db.selectFrom('stores').select(['name', 'code']).execute();
  for (const row of rows) codeOf[row.name] = row.code;
});
afterAll(async () => t.close());

describe('get-stores', () => {
  it('answers the merchant’s stores, newest first, with terminals and channels, and nothing of another merchant', async () => {
    // Proves the nesting and the merchant filter; without paginate there is no paginationData.
    const answer = await getStores(shop);
    expect(answer.paginationData).toBeUndefined();
    expect(answer.channels).toBeUndefined();
    expect(answer.stores.map((store) => store.name)).toEqual(['Gamma 100% Juice', 'Beta Bakery', 'Alpha Roasters']);
    const alpha = answer.stores[2]!;
    expect(alpha).toEqual({
      id: Number(shop.stores[0]!.id),
      name: 'Alpha Roasters',
      code: codeOf['Alpha Roasters'],
      status: 1,
      terminals: [
        {
          id: Number(shop.stores[0]!.terminals[0]!.id),
          name: 'Counter',
          code: expect.stringMatching(/^TM-/),
          channels: [
            {
              id: Number(shop.stores[0]!.terminals[0]!.channels[0]!.id),
              name: 'Web Shop',
              code: expect.stringMatching(/^CH-/),
              type: 'online',
            },
            { id: Number(shop.stores[0]!.terminals[0]!.channels[1]!.id), name: 'Till', code: expect.stringMatching(/^CH-/), type: 'pos' },
          ],
        },
        {
          id: Number(shop.stores[0]!.terminals[1]!.id),
          name: 'Kiosk',
          code: expect.stringMatching(/^TM-/),
          channels: [
            { id: Number(shop.stores[0]!.terminals[1]!.channels[0]!.id), name: 'Kiosk Till', code: expect.any(String), type: 'pos' },
          ],
        },
      ],
    });
    expect(answer.stores[1]).toMatchObject({ name: 'Beta Bakery', status: 4, terminals: [{ name: 'Oven Door', channels: [] }] });
    expect(answer.stores[0]).toMatchObject({ name: 'Gamma 100% Juice', terminals: [] });
    const theirs = await getStores(rival);
    expect(theirs.stores.map((store) => store.name)).toEqual(['Alpha Rival']);
  });

  it('searches store names and codes, ignoring case, with wildcards read literally', async () => {
    // Proves the search: part of a name or a code, never another merchant's store, 2 characters at least.
    expect((await getStores(shop, { search: 'alpha' })).stores.map((store) => store.name)).toEqual(['Alpha Roasters']);
    expect((await getStores(shop, { search: 'BAKE' })).stores.map((store) => store.name)).toEqual(['Beta Bakery']);
    const code = codeOf['Beta Bakery']!;
    expect((await getStores(shop, { search: code.slice(3).toLowerCase() })).stores.map((store) => store.name)).toEqual(['Beta Bakery']);
    expect((await getStores(shop, { search: '0%' })).stores.map((store) => store.name)).toEqual(['Gamma 100% Juice']);
    expect((await getStores(shop, { search: '__' })).stores).toEqual([]);
    expect((await getStores(shop, { search: 'Rival' })).stores).toEqual([]);
    expect((await getStores(shop, { search: '' })).stores).toHaveLength(3);
    const before = await countRows(t, ['stores', 'audit_log']);
    const tooShort = await t.call(getStoresCall, { search: 'a' }, { token: shop.token });
    expect({ status: tooShort.status, reason: tooShort.reason, message: tooShort.message }).toEqual({
      status: 400,
      reason: 'VALIDATION_FAILED',
      message: 'The search must be at least 2 characters',
    });
    expect(await countRows(t, ['stores', 'audit_log'])).toEqual(before);
  });

  it('adds the flat channel list with store and terminal names when type is 1', async () => {
    // Proves type 1: every channel of the answered stores, shown as store / terminal / channel.
    const answer = await getStores(shop, { type: 1 });
    expect(answer.channels?.map((channel) => `${channel.store.name} / ${channel.terminal.name} / ${channel.name}`)).toEqual([
      'Alpha Roasters / Counter / Web Shop',
      'Alpha Roasters / Counter / Till',
      'Alpha Roasters / Kiosk / Kiosk Till',
    ]);
    expect(answer.channels?.[2]).toEqual({
      id: Number(shop.stores[0]!.terminals[1]!.channels[0]!.id),
      name: 'Kiosk Till',
      code: expect.any(String),
      type: 'pos',
      store: { id: Number(shop.stores[0]!.id), name: 'Alpha Roasters' },
      terminal: { id: Number(shop.stores[0]!.terminals[1]!.id), name: 'Kiosk' },
    });
    expect((await getStores(shop, { type: 1, search: 'beta' })).channels).toEqual([]);
  });

  it('pages the stores with paginationData when paginate is 1', async () => {
    // Proves paginate: totals, the last partial page, and the search counted in the total.
    const first = await getStores(shop, { paginate: 1, page: 1, perPage: 2 });
    expect(first.paginationData).toEqual({ total: 3, perPage: 2, currentPage: 1 });
    expect(first.stores.map((store) => store.name)).toEqual(['Gamma 100% Juice', 'Beta Bakery']);
    const second = await getStores(shop, { paginate: 1, page: 2, perPage: 2 });
    expect(second.paginationData).toEqual({ total: 3, perPage: 2, currentPage: 2 });
    expect(second.stores.map((store) => store.name)).toEqual(['Alpha Roasters']);
    expect(second.stores[0]!.terminals).toHaveLength(2);
    const searched = await getStores(shop, { paginate: 1, search: 'a R' });
    expect(searched.paginationData).toEqual({ total: 1, perPage: 10, currentPage: 1 });
    const tooLarge = await t.call(getStoresCall, { paginate: 1, perPage: 501 }, { token: shop.token });
    expect({ status: tooLarge.status, reason: tooLarge.reason }).toEqual({ status: 400, reason: 'VALIDATION_FAILED' });
  });

  it('is open to the merchant’s staff whatever they were granted, and closed to consumers', async () => {
    // Proves the policy: feature null for merchants' staff; audience merchant only.
    const staffAnswer = await getStores(shop.staff[0]!);
    expect(staffAnswer.stores.map((store) => store.name)).toEqual(['Gamma 100% Juice', 'Beta Bakery', 'Alpha Roasters']);
    const refused = await t.call(getStoresCall, {}, { token: consumer.token });
    expect({ status: refused.status, reason: refused.reason, data: refused.data }).toEqual({
      status: 403,
      reason: 'AUDIENCE_NOT_ALLOWED',
      data: null,
    });
    const anonymous = await t.call(getStoresCall, {});
    expect({ status: anonymous.status, reason: anonymous.reason }).toEqual({ status: 401, reason: 'UNAUTHENTICATED' });
  });
});
