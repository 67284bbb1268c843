// The dashboard overview and the held balance through the real app. After payments through
// every door (links, the merchant API, POS; approved, declined and waiting for 3-D Secure),
// in this month, last month and last year, from customers of two countries: each tile equals
// the total of the transaction list opened with the tile's filters; the chart, the month
// figures, the type and country lists equal what the list itself shows; the balances are the
// wallet's. A new merchant's overview is all zeros and empty lists ('No Data'). The status
// badge follows DECISIONS 30. The held balance lists the wallet's on-hold movements, pages
// them, and refuses another merchant's wallet as it refuses an unknown one. Staff need the
// dashboard feature. The file ends with the ledger's invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHART_MONTHS,
  DASHBOARD_TILES,
  getBalanceOnHoldCall,
  getTransactionsCall,
  HELD_BALANCE_TYPE,
  merchantDashboardOverviewCall,
  TRANSACTION_STATUS,
  type TTransactionRow,
} from '@paywallet/contract';
import { countRows, createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestAdmin, impersonate } from '../../test/admin.ts';
import { answerChallengePage, expectLedgerInvariants, fundWallet, onHoldBalance, transactionsPage } from '../../test/money.ts';
import { createTestMerchant, createTestStaff, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { openPaymentDoors } from '../../test/payment-doors.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { accountStatusBadge } from './dashboard-overview.service.ts';

let t: TestApp;
let shop: TestMerchant;
let aedId: number;
const now = new Date();
const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
const lastYear = new Date(Date.UTC(now.getUTCFullYear() - 1, 5, 10, 12));

/** Every row of the shop's list with these filters (the screen's own call), and its total. */
async function listed(filters: Record<string, unknown>, token = shop.token): Promise<{ total: number; rows: TTransactionRow[] }> {
  const answer = await t.call(getTransactionsCall, { ...filters, perPage: 500 }, { token });
  expect(answer.status, answer.message).toBe(200);
  const page = transactionsPage(answer);
  return { total: page.paginationData.total, rows: page.data };
}

const incomingSum = (rows: TTransactionRow[]) => rows.filter((row) => row.direction === 1).reduce((sum, row) => sum + row.amount, 0);

async function moveTransaction(uuid: string, to: Date): Promise<void> {
  await t.deps.db.updateTable('transactions').set({ created_at: to }).where('uuid', '=', uuid).execute();
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  shop = await createTestMerchant(t);
  await giveMerchantFees(t, shop.id);
  aedId = (await t.deps.db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow()).id;
  const doors = await openPaymentDoors(t, shop);
  const linked = await doors.link(SANDBOX_CARDS.approved);
  await doors.link(SANDBOX_CARDS.approved);
  const declined = await doors.payLink(await doors.openLink(), SANDBOX_CARDS.declined);
  expect(declined.status).not.toBe(500);
  const api = await doors.api(SANDBOX_CARDS.approved);
  expect(api.status, JSON.stringify(api.body)).toBe(201);
  const waiting = await doors.api(SANDBOX_CARDS.challenge);
  expect(waiting.body.nextAction).not.toBeNull();
  const challenged = await doors.api(SANDBOX_CARDS.challenge);
  await answerChallengePage(t, challenged.body.nextAction!.redirectUrl, 'approve');
  const sale = await doors.pos(SANDBOX_CARDS.approved);
  expect(sale.status).toBe(200);
  await fundWallet(t, shop.wallets.AED!, 5_000n, 'AED');
  // Customers of two countries (the POS sale and the deposit have no customer).
  await t.deps.db
    .updateTable('customers')
    .set({ country: 'AE' })
    .where('merchant_user_id', '=', shop.id)
    .where('email', '=', 'layla@example.com')
    .execute();
  await t.deps.db
    .updateTable('customers')
    .set({ country: 'GB' })
    .where('merchant_user_id', '=', shop.id)
    .where('email', '=', 'jane@example.com')
    .execute();
  // One payment last month and one last year, for the month figures and the chart.
  await moveTransaction(linked.payment.transactionId!, lastMonth);
  await moveTransaction(api.body.transactionId!, lastYear);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

async function overview(body: Record<string, unknown> = {}, token = shop.token) {
  const answer = await t.call(merchantDashboardOverviewCall, { currencyId: aedId, ...body }, { token });
  expect(answer.status, answer.message).toBe(200);
  return answer.data;
}

describe('merchant-dashboard-overview', () => {
  it('counts on each tile exactly the rows the list opened with its filters shows', async () => {
    // Proves tile = list: every tile, filtered by the wallet as its link opens the list.
    const { stats, otherData } = await overview();
    expect(Object.keys(stats)).toEqual(DASHBOARD_TILES.map((tile) => tile.label));
    for (const tile of DASHBOARD_TILES) {
      const { total } = await listed({ userAccountId: otherData.wallet.id, ...tile.filters });
      expect({ tile: tile.label, count: stats[tile.label] }).toEqual({ tile: tile.label, count: total });
    }
    // The scenario really has every kind of row: the figures are not all zero by accident.
    expect(stats['Successful Transactions']).toBeGreaterThanOrEqual(5);
    expect(stats['Pending Transactions']).toBeGreaterThanOrEqual(1);
    expect(stats['Failed Transactions']).toBeGreaterThanOrEqual(1);
    expect(stats['POS Payments']).toBe(1);
  });

  it('draws the chart and the month figures from the same rows the list shows', async () => {
    // Proves graphData per year/status/month and currentMoth/preMonthAvr against list pages.
    const { otherData } = await overview();
    const wallet = { userAccountId: otherData.wallet.id };
    const yearsShown = Object.keys(otherData.graphData).sort();
    expect(yearsShown).toEqual([String(now.getUTCFullYear() - 1), String(now.getUTCFullYear())]);
    for (const year of yearsShown) {
      for (const [label, status] of [
        ['Success', TRANSACTION_STATUS.SUCCESS],
        ['Pending', TRANSACTION_STATUS.PENDING],
      ] as const) {
        const expected = [];
        for (let month = 0; month < 12; month += 1) {
          const first = new Date(Date.UTC(Number(year), month, 1));
          const last = new Date(Date.UTC(Number(year), month + 1, 0));
          const { rows } = await listed({
            ...wallet,
            status,
            fromDate: first.toISOString().slice(0, 10),
            toDate: last.toISOString().slice(0, 10),
          });
          expected.push(incomingSum(rows));
        }
        expect({ year, label, months: otherData.graphData[year]![label] }).toEqual({ year, label, months: expected });
      }
    }
    expect(otherData.graphData[String(now.getUTCFullYear() - 1)]!.Success![5]).toBeGreaterThan(0);
    const month = (date: Date) => ({
      fromDate: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)).toISOString().slice(0, 10),
      toDate: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).toISOString().slice(0, 10),
    });
    const success = { ...wallet, status: TRANSACTION_STATUS.SUCCESS };
    expect(otherData.currentMoth).toBe(incomingSum((await listed({ ...success, ...month(now) })).rows));
    expect(otherData.preMonthAvr).toBe(incomingSum((await listed({ ...success, ...month(lastMonth) })).rows));
    expect(otherData.preMonthAvr).toBeGreaterThan(0);
    expect(CHART_MONTHS).toHaveLength(12);
  });

  it('lists types and countries over the chosen period, as the list filtered by those days shows', async () => {
    // Proves the period dropdowns: this month, the last three months and this year, per type and country.
    for (const period of ['this_month', 'last_3_months', 'this_year'] as const) {
      const { otherData } = await overview({ transactionTypesPeriod: period, countriesPeriod: period });
      const days = otherData.periods.transactionTypes;
      expect(otherData.periods.countries).toEqual(days);
      const { rows } = await listed({ userAccountId: otherData.wallet.id, status: TRANSACTION_STATUS.SUCCESS, ...days });
      const incoming = rows.filter((row) => row.direction === 1);
      const byType = new Map<string, { count: number; total: number }>();
      for (const row of incoming) {
        const entry = byType.get(row.transaction_type.name) ?? { count: 0, total: 0 };
        byType.set(row.transaction_type.name, { count: entry.count + 1, total: entry.total + row.amount });
      }
      const shown = Object.fromEntries(
        otherData.transactionTypesData.map((row) => [row.transaction_type.name, { count: row.count, total: row.total }]),
      );
      expect(shown).toEqual(Object.fromEntries(byType));
      expect(otherData.countiesData.reduce((sum, row) => sum + row.count, 0)).toBe(incoming.length);
    }
    const thisYear = await overview({ countriesPeriod: 'this_year' });
    const countries = Object.fromEntries(thisYear.otherData.countiesData.map((row) => [row.country_code, row.count]));
    // AE: the link payments (the one moved to last month counts in January only as last year);
    // GB: the approved 3-D Secure payment (the other was moved to last year); no country: the POS sale and the deposit.
    const sameYear = lastMonth.getUTCFullYear() === now.getUTCFullYear();
    expect(countries).toEqual({ AE: sameYear ? 2 : 1, GB: 1, null: 2 });
    const thisMonth = await overview();
    expect(thisMonth.otherData.transactionTypesMonthlyData).toEqual(thisMonth.otherData.transactionTypesData);
  });

  it('answers the balances of the wallet of that currency', async () => {
    // Proves the on-hold and available cards read the wallet itself: its row and its credit slots.
    const { otherData } = await overview();
    const wallet = await t.deps.db.selectFrom('wallet_balances').selectAll().where('id', '=', shop.wallets.AED!).executeTakeFirstOrThrow();
    expect(otherData.wallet).toEqual({
      id: Number(wallet.id),
      currency: { id: aedId, code: 'AED' },
      balance_on_hold: Number(wallet.balance_on_hold),
      available_balance: Number(wallet.available_balance),
    });
    expect(otherData.wallet.balance_on_hold).toBe(Number(await onHoldBalance(t, shop.id)));
    expect(otherData.wallet.balance_on_hold).toBeGreaterThan(0);
  });

  it("answers a new merchant zeros and empty lists ('No Data')", async () => {
    // Proves the empty account: every tile 0, the current year's chart at zero, no types or countries.
    const fresh = await createTestMerchant(t);
    const { stats, otherData } = await overview({}, fresh.token);
    expect(Object.values(stats).every((count) => count === 0)).toBe(true);
    expect(otherData.graphData).toEqual({ [String(now.getUTCFullYear())]: { Success: Array(12).fill(0), Pending: Array(12).fill(0) } });
    expect([otherData.currentMoth, otherData.preMonthAvr, otherData.countiesData, otherData.transactionTypesData]).toEqual([0, 0, [], []]);
    expect(otherData.wallet).toMatchObject({ balance_on_hold: 0, available_balance: 0 });
  });

  it('refuses a currency the merchant has no wallet in, and a bad period, writing nothing', async () => {
    // Proves WALLET_NOT_FOUND (404) and VALIDATION_FAILED (400) with the field named.
    const before = await countRows(t, ['transactions', 'ledger_entries', 'audit_log']);
    const usd = await t.deps.db.selectFrom('currencies').select('id').where('code', '=', 'USD').executeTakeFirstOrThrow();
    const noWallet = await t.call(merchantDashboardOverviewCall, { currencyId: usd.id }, { token: shop.token });
    expect({ status: noWallet.status, reason: noWallet.reason }).toEqual({ status: 404, reason: 'WALLET_NOT_FOUND' });
    const badPeriod = await t.post('merchant-dashboard-overview', { currencyId: aedId, countriesPeriod: 'forever' }, { token: shop.token });
    expect({ status: badPeriod.status, reason: badPeriod.reason }).toEqual({ status: 400, reason: 'VALIDATION_FAILED' });
    expect(badPeriod.data).toEqual({ errors: { countriesPeriod: 'The selected period is invalid' } });
    const noCurrency = await t.post('merchant-dashboard-overview', {}, { token: shop.token });
    expect(noCurrency.status).toBe(400);
    expect(await countRows(t, ['transactions', 'ledger_entries', 'audit_log'])).toEqual(before);
  });

  it("never shows another merchant's money", async () => {
    // Proves the cross-merchant rule: another merchant's overview counts none of the shop's rows.
    const other = await createTestMerchant(t);
    const { stats } = await overview({}, other.token);
    expect(stats['Successful Transactions']).toBe(0);
  });

  it('shows staff with the dashboard feature their merchant, and refuses staff without it', async () => {
    // Proves the staff feature: 'dashboard-overview' opens both calls on the merchant's data.
    const allowed = await createTestStaff(t, shop.id, ['dashboard-overview']);
    const refused = await createTestStaff(t, shop.id, ['transactions']);
    const own = await overview();
    const asStaff = await overview({}, allowed.token);
    expect(asStaff.stats).toEqual(own.stats);
    const before = await countRows(t, ['transactions', 'ledger_entries']);
    for (const answer of [
      await t.call(merchantDashboardOverviewCall, { currencyId: aedId }, { token: refused.token }),
      await t.call(getBalanceOnHoldCall, { userAccountId: Number(shop.wallets.AED!) }, { token: refused.token }),
    ]) {
      expect(answer.status).toBe(403);
    }
    const held = await t.call(getBalanceOnHoldCall, { userAccountId: Number(shop.wallets.AED!) }, { token: allowed.token });
    expect(held.status).toBe(200);
    expect(await countRows(t, ['transactions', 'ledger_entries'])).toEqual(before);
  });
});

describe('the welcome badge', () => {
  it('reads Pending, Moderation, Active, Inactive, Suspended, and Active when impersonated', async () => {
    // Proves DECISIONS 30 through the call, and the administrator's reading.
    const merchant = await createTestMerchant(t);
    const cases = [
      [{ status: 0, kyc_status: 0 }, 'Pending'],
      [{ status: 0, kyc_status: 1 }, 'Moderation'],
      [{ status: 0, kyc_status: 3 }, 'Pending'],
      [{ status: 1, kyc_status: 2 }, 'Active'],
      [{ status: 2, kyc_status: 2 }, 'Inactive'],
      [{ status: 3, kyc_status: 2 }, 'Suspended'],
    ] as const;
    for (const [account, badge] of cases) {
      expect(accountStatusBadge(account, false)).toBe(badge);
      expect(accountStatusBadge(account, true)).toBe('Active');
    }
    await t.deps.db.updateTable('users').set({ status: 0, kyc_status: 1 }).where('id', '=', merchant.id).execute();
    expect((await overview({}, merchant.token)).otherData.accountStatus).toBe('Moderation');
    const asAdmin = await impersonate(t, await createTestAdmin(t), merchant.id);
    const impersonated = await overview({}, asAdmin);
    expect(impersonated.otherData.accountStatus).toBe('Active');
    expect(impersonated.otherData.user.status).toBe(1);
  });
});

describe('get-balance-on-hold', () => {
  it("lists the wallet's on-hold movements, newest first, and they add up to the on-hold balance", async () => {
    // Proves the held list: credits minus debits equal the balance; paging totals and the last page.
    const wallet = Number(shop.wallets.AED!);
    const all = await t.call(getBalanceOnHoldCall, { userAccountId: wallet, perPage: 500 }, { token: shop.token });
    expect(all.status, all.message).toBe(200);
    const rows = all.data.data;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const net = rows.reduce((sum, row) => sum + (row.type === HELD_BALANCE_TYPE.CREDIT ? row.amount : -row.amount), 0);
    expect(net).toBe(Number(await onHoldBalance(t, shop.id)));
    const first = rows[0]!;
    expect(Object.keys(first).sort()).toEqual(
      ['amount', 'created_at', 'fee', 'total_amount', 'transaction', 'transaction_type', 'type', 'type_id', 'user_account', 'vat'].sort(),
    );
    expect(first.user_account.currency.code).toBe('AED');
    expect(rows.map((row) => row.created_at)).toEqual([...rows.map((row) => row.created_at)].sort().reverse());
    const total = all.data.paginationData.total;
    const lastPage = Math.ceil(total / 2);
    const last = await t.call(getBalanceOnHoldCall, { userAccountId: wallet, perPage: 2, page: lastPage }, { token: shop.token });
    expect(last.data.paginationData).toEqual({ total, perPage: 2, currentPage: lastPage });
    expect(last.data.data).toEqual(rows.slice((lastPage - 1) * 2));
  });

  it("refuses another merchant's wallet exactly as an unknown one, and changes nothing", async () => {
    // Proves the cross-merchant rule: WALLET_NOT_FOUND (404) for both, nothing written.
    const other = await createTestMerchant(t);
    const before = await countRows(t, ['transactions', 'ledger_entries', 'audit_log']);
    const foreign = await t.call(getBalanceOnHoldCall, { userAccountId: Number(other.wallets.AED!) }, { token: shop.token });
    const unknown = await t.call(getBalanceOnHoldCall, { userAccountId: 987_654_321 }, { token: shop.token });
    expect({ status: foreign.status, reason: foreign.reason, message: foreign.message }).toEqual({
      status: unknown.status,
      reason: unknown.reason,
      message: unknown.message,
    });
    expect(foreign.reason).toBe('WALLET_NOT_FOUND');
    expect(await countRows(t, ['transactions', 'ledger_entries', 'audit_log'])).toEqual(before);
    const empty = await t.call(getBalanceOnHoldCall, { userAccountId: Number(other.wallets.AED!) }, { token: other.token });
    expect(empty.data).toEqual({ data: [], paginationData: { total: 0, perPage: 10, currentPage: 1 } });
  });
});
