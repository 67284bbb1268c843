// Settlements in a real browser, the demo merchant and the demo administrator side by side.
//
// An aggregate settlement: the demo merchant is paid three times through the merchant API; the
// administrator gives the merchant's settlement configuration a hold of one minute (after the
// server refused a 150% reserve, its message under the field) and runs settlements by hand in the
// console, which follows the run until it is done. The merchant sees the aggregate settlement
// (Done, its reserve Pending in the expanded row) and leaves that list open on a page of its own;
// opens its transactions: the header, the three payments, the summary with the reserve; Export
// Excel downloads the rows shown. A channel's override is added and removed (Remove, after a
// confirm; the merchant's own row has none), and the Hold column keeps one line at 1280 px.
//
// A direct settlement: the console gives the demo merchant's online channel (where the merchant
// API's payments land) a direct configuration, the merchant is paid twice there, the console runs
// the merchant's settlements now, and the merchant finds the settlement on the Direct tab and
// opens Direct Settlement Details: the header, Back To Settlement, the payments and the summary
// without a reserve, at desktop and phone width. The channel is given the merchant's seeded
// configuration back at the end, so later files settle it as before.
//
// The reserve's release, checked last so that the minute of the hold runs out while the rest is
// checked: the release run (every 15 s) releases it, and the list left open (refreshed by the live
// notification, no reload) shows it Completed; the merchant's Transactions list shows the release
// (type 14) as money in (+, the reserve's amount) and the Account Ledger as a credit of it. axe
// finds no serious violation, the screens fit a phone, and the ledger's invariants hold. The demo
// configuration is put back at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminGetSettlementConfigsCall, adminUpdateSettlementConfigCall, getStoresCall, settlementsCall } from '@paywallet/contract';
import { seriousViolations } from '../support/axe.ts';
import { expectLedgerHolds, screenshot } from '../support/browser.ts';
import { expectFitsWidth, merchantAndAdminPages, overflowsSideways } from '../support/console.ts';
import { merchantApiAuth, payByCard, scopeOfTransaction, TEST_CARDS } from '../support/merchant-api.ts';
import { downloadedSheet } from '../support/reports.ts';
import { accepted, apiCall, MERCHANT } from '../support/sign-in.ts';
import { rowsByTitle } from '../support/table.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const POLL = { timeout: 30_000 };
/** The reserve is due a minute after the run, and the release run comes every 15 seconds. */
const RELEASE_WAIT_MS = 120_000;

/** '+1,234.50 AED' in minor units with its sign, as the Transactions list shows an amount. */
const SIGNED_AMOUNT = /([+−])([\d,]+\.\d{2}) AED/;
/** An amount as the merchant's lists show it: the figure and its currency ('−' when it goes out). */
const AED_AMOUNT = /^−?[\d,]+\.\d{2,3} AED$/;
/** '1,234.50 AED' in minor units. */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

/**
 * At phone width: a settlement's details (its payment and summary shown), then Back To Settlement to the list
 * on its tab; neither scrolls sideways and axe finds no serious violation. Each is photographed.
 */
async function fitsAPhone(
  page: Page,
  {
    tab,
    settlement,
    payment,
    shots,
  }: { tab: 'aggregate' | 'direct'; settlement: { id: number; uuid: string }; payment: string; shots: [string, string] },
): Promise<void> {
  const [path, heading, tabNumber] =
    tab === 'aggregate'
      ? ['agregate-settlement', 'Aggregate Settlement Details', 1]
      : ['direct-settlement', 'Direct Settlement Details', 2];
  await page.setViewportSize(PHONE);
  try {
    await page.goto(`/app/${path}/detail/${settlement.id}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.locator(`[data-uuid="${payment}"]`).first().waitFor(POLL);
    await page.getByRole('region', { name: 'Summary' }).waitFor();
    await expectFitsWidth(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots[0]);
    await page.getByRole('link', { name: 'Back To Settlement' }).click();
    await page.waitForURL(`**/app/settlements?tab=${tabNumber}**`);
    await page.locator(`[data-settlement="${settlement.uuid}"]`).first().waitFor(POLL);
    await expectFitsWidth(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots[1]);
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}

type MerchantConfig = { merchantId: number; reserveBps: number; reserveHoldSeconds: number; delayDays: number };

describe('settlements: run in the console, seen and released at the merchant', () => {
  const desk = merchantAndAdminPages({ acceptDownloads: true });
  let merchant: Page;
  let admin: Page;
  let merchantToken: string;
  let adminToken: string;
  /** The demo merchant's own configuration as seeded, put back at the end. */
  let demoConfig: MerchantConfig | undefined;

  beforeAll(async () => {
    ({ merchant, admin, merchantToken, adminToken } = desk);
    const configs = await accepted('get-settlement-configs', apiCall(adminGetSettlementConfigsCall, { perPage: 100 }, adminToken));
    const own = configs.data.find((row) => row.merchant.email === MERCHANT.email && row.channel === null);
    if (own) {
      demoConfig = {
        merchantId: own.merchant.id,
        reserveBps: own.reserve_bps,
        reserveHoldSeconds: own.reserve_hold_seconds,
        delayDays: own.delay_days,
      };
    }
  });
  afterAll(async () => {
    // Put the demo merchant's configuration back as it was seeded.
    if (demoConfig && adminToken) {
      const { merchantId, delayDays, reserveBps, reserveHoldSeconds } = demoConfig;
      await apiCall(
        adminUpdateSettlementConfigCall,
        { merchantId, type: 'aggregate', schedule: 'daily', delayDays, reserveBps, reserveHoldSeconds },
        adminToken,
      );
    }
  });

  // The aggregate settlement holding these payments, and the merchant's page left on its reserve.
  const payments: string[] = [];
  let settlement: { id: number; uuid: string };
  let watching: Page;

  describe('an aggregate settlement, its reserve held', () => {
    beforeAll(async () => {
      const auth = await merchantApiAuth(merchantToken);
      for (const [index, amount] of [3000, 2000, 1500].entries()) {
        payments.push(
          await payByCard(auth, TEST_CARDS.approved, { amount, clientReference: `e2e-settle-${index}`, holderName: 'E2E Buyer' }),
        );
      }
    });

    it('edits the configuration in the console: the server refuses 150%, then a hold of one minute is saved', async () => {
      expect(demoConfig, 'the demo merchant is seeded with a settlement configuration').toBeDefined();
      await admin.goto('/console/settlement-configs');
      const row = admin.locator(`tr[data-config="${demoConfig!.merchantId}-all"]`);
      await row.waitFor(POLL);
      expect(await row.textContent()).toContain('10%');
      expect(await seriousViolations(admin)).toEqual([]);
      await screenshot(admin, 'console-settlement-configs');
      await row.getByRole('button', { name: 'Edit' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Edit settlement configuration' });
      await dialog.waitFor();
      await dialog.getByLabel('Rolling reserve (%)').fill('150');
      await dialog.getByRole('button', { name: 'Save' }).click();
      // The server's message, under its field; nothing saved.
      await dialog.getByText('The rolling reserve must be between 0% and 100%').waitFor();
      expect(await seriousViolations(admin)).toEqual([]);
      await screenshot(admin, 'console-settlement-config-refused');
      await dialog.getByLabel('Rolling reserve (%)').fill('10');
      await dialog.getByLabel('Hold days').fill('0');
      await dialog.getByLabel('Hold hours').fill('0');
      await dialog.getByLabel('Hold mins').fill('1');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(async () => row.textContent(), POLL).toContain('0 days 0 hours 1 min');
    });

    it("removes a channel's override after a confirm, the merchant's own row has no Remove, the Hold column on one line", async () => {
      const { stores } = await accepted('get-stores', apiCall(getStoresCall, { type: 0 }, merchantToken));
      const channel = stores.flatMap((store) => store.terminals.flatMap((terminal) => terminal.channels))[0]!;
      await accepted(
        'add an override',
        apiCall(
          adminUpdateSettlementConfigCall,
          {
            merchantId: demoConfig!.merchantId,
            channelId: channel.id,
            type: 'aggregate',
            reserveBps: 250,
            reserveHoldSeconds: 30 * 86_400 + 3_660,
          },
          adminToken,
        ),
      );
      await admin.goto('/console/settlement-configs');
      const own = admin.locator(`tr[data-config="${demoConfig!.merchantId}-all"]`);
      const override = admin.locator(`tr[data-config="${demoConfig!.merchantId}-${channel.id}"]`);
      await override.waitFor(POLL);
      expect(await own.getByRole('button', { name: 'Remove' }).count()).toBe(0);
      // Each Hold cell is one line of text at 1280 px: '30 days 1 hour 1 min' does not wrap.
      // Runs in the page (this package has no DOM types): the lines of text in each Hold cell.
      const holdLines = (await admin.evaluate(`(() => {
      const table = document.querySelector('table[aria-label="Settlement configurations"]');
      const titles = [...table.querySelectorAll('thead th')].map((cell) => cell.textContent.trim());
      const column = titles.indexOf('Hold');
      return [...table.querySelectorAll('tbody tr')].map((row) => {
        const range = document.createRange();
        range.selectNodeContents(row.children[column]);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
    })()`)) as number[];
      expect(holdLines.length).toBeGreaterThan(1);
      expect(
        holdLines.every((lines) => lines === 1),
        JSON.stringify(holdLines),
      ).toBe(true);
      await expectFitsWidth(admin);
      // Nor does the table scroll sideways inside its own area.
      const area = admin.getByRole('region', { name: 'Settlement configurations, scrollable' });
      expect(await area.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
      await screenshot(admin, 'console-settlement-configs-override');
      await override.getByRole('button', { name: 'Remove' }).click();
      const confirm = admin.getByRole('dialog', { name: 'Remove channel configuration' });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain(channel.name);
      expect(await seriousViolations(admin)).toEqual([]);
      await screenshot(admin, 'console-settlement-config-remove-confirm');
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await admin.getByText("The channel's settlement configuration was removed").first().waitFor(POLL);
      await override.waitFor({ state: 'detached', ...POLL });
      await own.waitFor();
      const configs = await accepted(
        'get-settlement-configs',
        apiCall(adminGetSettlementConfigsCall, { merchantId: demoConfig!.merchantId }, adminToken),
      );
      expect(configs.data.map((row) => row.channel)).toEqual([null]);
      await admin.setViewportSize(PHONE);
      await admin.locator(`[data-config="${demoConfig!.merchantId}-all"]`).first().waitFor(POLL);
      // The layout follows the new width (and the desktop toast leaves) a moment after the resize.
      await expect.poll(() => overflowsSideways(admin), POLL).toBe(false);
      expect(await seriousViolations(admin)).toEqual([]);
      await screenshot(admin, 'console-settlement-configs-phone');
      await admin.setViewportSize(DESKTOP);
    });

    it('runs settlements now and follows the run until it is done', async () => {
      await admin.goto('/console/settlement-runs');
      await admin.getByRole('heading', { level: 1, name: 'Settlement runs' }).waitFor();
      await admin.getByRole('button', { name: 'Run settlements now' }).click();
      const started = admin.getByRole('region', { name: 'Started run' });
      await started.waitFor(POLL);
      await admin.locator('section[data-state="done"]').waitFor(POLL);
      expect(await started.getByTestId('run-settled').textContent()).toMatch(/^\d+ settlements?/);
      // The runs list below shows the run done, with what it settled when expanded.
      const runId = await started.getAttribute('data-run');
      const listed = admin.locator(`tr[data-run="${runId}"]`);
      await expect.poll(() => listed.getAttribute('data-state'), POLL).toBe('done');
      expect(await seriousViolations(admin)).toEqual([]);
      await screenshot(admin, 'console-settlement-runs');

      // The merchant's settlement holding these payments (a run settles each channel apart).
      const list = await accepted('settlements', apiCall(settlementsCall, { type: 'aggregate', perPage: 50 }, merchantToken));
      for (const row of list.data) {
        const detail = await accepted('settlement', apiCall(settlementsCall, { settlementId: row.id, perPage: 100 }, merchantToken));
        if (detail.details?.transactions.some((transaction) => transaction.uuid === payments[0]))
          settlement = { id: row.id, uuid: row.uuid };
      }
      expect(settlement, 'the payments were settled').toBeDefined();
    });

    it('shows the aggregate settlement, its reserve Pending, and opens its transactions with the summary', async () => {
      await merchant.goto('/app/settlements');
      const row = merchant.locator(`tr[data-settlement="${settlement.uuid}"]`);
      await row.waitFor(POLL);
      expect(await row.textContent()).toContain('Done');
      // The amounts name their currency (the Currency column starts hidden).
      const [listed] = (
        await rowsByTitle(merchant, 'Aggregate settlements', 'tr[data-settlement]', ['Amount', 'Settlement Amount'])
      ).filter((candidate) => candidate.data.settlement === settlement.uuid);
      expect([listed!.cells.Amount, listed!.cells['Settlement Amount']]).toEqual([
        expect.stringMatching(AED_AMOUNT),
        expect.stringMatching(AED_AMOUNT),
      ]);
      await row.getByRole('button', { name: 'Show rolling reserve' }).click();
      const reserve = merchant.getByRole('table', { name: 'Rolling reserve' });
      await reserve.waitFor();
      expect(await reserve.textContent()).toContain('Pending');
      expect(await reserve.textContent()).toContain('0 days 0 hours 1 min');
      expect(await reserve.textContent()).toContain('10%');
      expect(await seriousViolations(merchant)).toEqual([]);
      await screenshot(merchant, 'settlements-aggregate');

      // Left open on the reserve until the end: the release's live notification refreshes it.
      watching = await merchant.context().newPage();
      watching.setDefaultTimeout(20_000);
      await watching.goto('/app/settlements?tab=1');
      const watched = watching.locator(`tr[data-settlement="${settlement.uuid}"]`);
      await watched.waitFor(POLL);
      await watched.getByRole('button', { name: 'Show rolling reserve' }).click();
      await watching.getByRole('table', { name: 'Rolling reserve' }).getByText('Pending').waitFor();

      await row.getByRole('button', { name: 'Settlement Transactions' }).click();
      await merchant.waitForURL(`**/app/agregate-settlement/detail/${settlement.id}**`);
      await merchant.getByRole('heading', { level: 1, name: 'Aggregate Settlement Details' }).waitFor();
      expect(await merchant.getByTestId('settlement-uuid').textContent()).toBe(settlement.uuid);
      for (const uuid of payments) await merchant.locator(`tr[data-uuid="${uuid}"]`).waitFor(POLL);
      const columns = ['Amount', 'Fee', 'Vat', 'Settled Amount'];
      for (const { cells } of await rowsByTitle(merchant, 'Settlement transactions', 'tr[data-uuid]', columns)) {
        expect(columns.map((title) => cells[title])).toEqual(columns.map(() => expect.stringMatching(AED_AMOUNT)));
      }
      const summary = merchant.getByRole('region', { name: 'Summary' });
      const text = (await summary.textContent()) ?? '';
      for (const label of [
        'Payable Amount',
        'Fee',
        'Vat',
        'Settlement Amount',
        'Reserve (%)',
        'Reserve (Amount)',
        'Settlement After Reserve',
      ]) {
        expect(text).toContain(label);
      }
      expect(text).toContain('10%');
      expect(await seriousViolations(merchant)).toEqual([]);
      await screenshot(merchant, 'settlement-details');
    });

    it('exports the settlement to Excel (no PDF), the file holding the rows shown', async () => {
      expect(await merchant.getByRole('button', { name: 'Export PDF' }).count()).toBe(0);
      // Every row on screen (Load more until there is no more).
      while (await merchant.getByRole('button', { name: 'Load more' }).isVisible()) {
        const before = await merchant.locator('tr[data-uuid]').count();
        await merchant.getByRole('button', { name: 'Load more' }).click();
        await expect.poll(() => merchant.locator('tr[data-uuid]').count(), POLL).toBeGreaterThan(before);
      }
      const shown = await merchant.locator('tr[data-uuid]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-uuid')));
      const downloaded = merchant.waitForEvent('download', { timeout: 60_000 });
      await merchant.getByRole('button', { name: 'Export Excel' }).click();
      const sheet = await downloadedSheet(await downloaded);
      // The header, a line per transaction (its id first), then the total of the settled amounts.
      const body = sheet.slice(1, 1 + shown.length);
      expect(body.map((line) => String(line[0])).sort()).toEqual([...shown].sort());
      expect(String(sheet[1 + shown.length]?.[0] ?? '')).toMatch(/^Total/);
      for (const uuid of payments) expect(shown).toContain(uuid);
    });

    it('shows the empty Direct tab and an unknown settlement; propFilters presets the filters, kept by the details and Back To Settlement', async () => {
      await merchant.goto('/app/settlements?tab=2');
      await merchant.getByRole('tab', { name: 'Direct', selected: true }).waitFor();
      await merchant.getByRole('tabpanel', { name: 'Direct' }).getByText('No data available').waitFor(POLL);
      expect(await seriousViolations(merchant)).toEqual([]);
      // An id that is not one of the merchant's settlements: named, with the way back.
      await merchant.goto('/app/direct-settlement/detail/987654');
      await merchant.getByText('Settlement not found', { exact: true }).waitFor(POLL);
      await merchant.getByRole('link', { name: 'Back To Settlement' }).waitFor();

      // The store and channel the payments were made in, as ids.
      const scope = await scopeOfTransaction(merchantToken, payments[0]!);
      const { stores } = await accepted('get-stores', apiCall(getStoresCall, { type: 0 }, merchantToken));
      const store = stores.find((candidate) => candidate.name === scope.store)!;
      const terminal = store.terminals.find((candidate) => candidate.name === scope.terminal)!;
      const channel = terminal.channels.find((candidate) => candidate.name === scope.channel)!;
      const propFilters = JSON.stringify({ storeId: store.id, terminalId: terminal.id, channelId: channel.id });
      await merchant.goto(`/app/settlements?tab=1&propFilters=${encodeURIComponent(propFilters)}`);
      await merchant.waitForURL(
        (url) => url.searchParams.get('aggregate.channelId') === String(channel.id) && !url.searchParams.has('propFilters'),
      );
      const row = merchant.locator(`tr[data-settlement="${settlement.uuid}"]`);
      await row.waitFor(POLL);
      expect(await merchant.getByLabel('Store').first().inputValue()).toBe(store.name);

      await row.getByRole('button', { name: 'Settlement Transactions' }).click();
      await merchant.waitForURL((url) => url.pathname.endsWith(`/detail/${settlement.id}`) && url.searchParams.has('propFilters'));
      await merchant.getByRole('link', { name: 'Back To Settlement' }).click();
      await merchant.waitForURL(
        (url) =>
          url.pathname === '/app/settlements' &&
          url.searchParams.get('tab') === '1' &&
          url.searchParams.get('aggregate.storeId') === String(store.id),
      );
      await row.waitFor(POLL);
    });

    it('fits a phone, list and details, without sideways overflow', async () => {
      await fitsAPhone(merchant, {
        tab: 'aggregate',
        settlement,
        payment: payments[0]!,
        shots: ['settlement-details-phone', 'settlements-phone'],
      });
    });
  });

  describe('a direct settlement', () => {
    const directPayments: string[] = [];
    let merchantId: number;
    let channelId: number;
    let direct: { id: number; uuid: string; amount: number; settlement_amount: number };

    const configureChannel = (body: { type: 'aggregate' | 'direct'; reserveBps: number; reserveHoldSeconds: number; delayDays: number }) =>
      accepted(
        'update-settlement-config',
        apiCall(adminUpdateSettlementConfigCall, { merchantId, channelId, schedule: 'daily', ...body }, adminToken),
      );

    beforeAll(async () => {
      const auth = await merchantApiAuth(merchantToken);
      directPayments.push(
        await payByCard(auth, TEST_CARDS.approved, { amount: 4100, clientReference: 'e2e-direct-0', holderName: 'E2E Direct' }),
      );
      // The channel the API's payments land in, as ids.
      const scope = await scopeOfTransaction(merchantToken, directPayments[0]!);
      const { stores } = await accepted('get-stores', apiCall(getStoresCall, { type: 0 }, merchantToken));
      const store = stores.find((candidate) => candidate.name === scope.store)!;
      const terminal = store.terminals.find((candidate) => candidate.name === scope.terminal)!;
      channelId = terminal.channels.find((candidate) => candidate.name === scope.channel)!.id;
      merchantId = demoConfig!.merchantId;

      await configureChannel({ type: 'direct', reserveBps: 0, reserveHoldSeconds: 0, delayDays: 1 });
      directPayments.push(
        await payByCard(auth, TEST_CARDS.approved, { amount: 2600, clientReference: 'e2e-direct-1', holderName: 'E2E Direct' }),
      );
    });
    afterAll(async () => {
      // The channel settles as the merchant does again (aggregate, its seeded reserve and hold).
      if (demoConfig && channelId !== undefined) {
        const { reserveBps, reserveHoldSeconds, delayDays } = demoConfig;
        await configureChannel({ type: 'aggregate', reserveBps, reserveHoldSeconds, delayDays });
      }
    });

    it("runs the merchant's settlements now in the console; the channel's payments are settled direct", async () => {
      await admin.goto('/console/settlement-configs');
      const override = admin.locator(`tr[data-config="${merchantId}-${channelId}"]`);
      await override.waitFor(POLL);
      expect(await override.textContent()).toContain('Direct');

      await admin.goto('/console/settlement-runs');
      await admin.getByRole('heading', { level: 1, name: 'Settlement runs' }).waitFor();
      await admin.getByLabel('Merchant Id').fill(String(merchantId));
      await admin.getByRole('button', { name: 'Run settlements now' }).click();
      const started = admin.getByRole('region', { name: 'Started run' });
      await started.waitFor(POLL);
      await admin.locator('section[data-state="done"]').waitFor(POLL);
      expect(await started.getByRole('table').textContent()).toContain('Direct');
      expect(await seriousViolations(admin)).toEqual([]);

      const list = await accepted('settlements', apiCall(settlementsCall, { type: 'direct', perPage: 50 }, merchantToken));
      for (const row of list.data) {
        const detail = await accepted('settlement', apiCall(settlementsCall, { settlementId: row.id, perPage: 100 }, merchantToken));
        const uuids = detail.details?.transactions.map((transaction) => transaction.uuid) ?? [];
        if (directPayments.every((uuid) => uuids.includes(uuid))) direct = row;
      }
      expect(direct, 'both payments are in one direct settlement').toBeDefined();
    });

    it('lists it on the Direct tab and opens Direct Settlement Details: header, payments, summary without a reserve', async () => {
      await merchant.goto('/app/settlements?tab=2');
      await merchant.getByRole('tab', { name: 'Direct', selected: true }).waitFor();
      const row = merchant.locator(`tr[data-settlement="${direct.uuid}"]`);
      await row.waitFor(POLL);
      expect(await row.textContent()).toContain('Done');
      // A direct settlement holds no reserve: nothing to expand.
      expect(await row.getByRole('button', { name: 'Show rolling reserve' }).count()).toBe(0);
      expect(await seriousViolations(merchant)).toEqual([]);
      await screenshot(merchant, 'settlements-direct');

      await row.getByRole('button', { name: 'Settlement', exact: true }).click();
      await merchant.waitForURL(`**/app/direct-settlement/detail/${direct.id}**`);
      await merchant.getByRole('heading', { level: 1, name: 'Direct Settlement Details' }).waitFor();
      expect(await merchant.getByTestId('settlement-uuid').textContent()).toBe(direct.uuid);
      const header = (await merchant.getByRole('region', { name: 'Settlement', exact: true }).textContent()) ?? '';
      for (const label of ['Settlement Id', 'From Date', 'To Date', 'Account Currency', 'AED']) expect(header).toContain(label);
      for (const uuid of directPayments) await merchant.locator(`tr[data-uuid="${uuid}"]`).waitFor(POLL);
      const summary = (await merchant.getByRole('region', { name: 'Summary' }).textContent()) ?? '';
      for (const label of ['Payable Amount', 'Fee', 'Vat', 'Settlement Amount']) expect(summary).toContain(label);
      for (const label of ['Reserve (%)', 'Reserve (Amount)', 'Settlement After Reserve']) expect(summary).not.toContain(label);
      const amount = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      expect(summary).toContain(`${amount(direct.amount)} AED`);
      expect(summary).toContain(`${amount(direct.settlement_amount)} AED`);
      expect(await seriousViolations(merchant)).toEqual([]);
      await screenshot(merchant, 'settlement-details-direct');

      await merchant.getByRole('link', { name: 'Back To Settlement' }).click();
      await merchant.waitForURL((url) => url.pathname === '/app/settlements' && url.searchParams.get('tab') === '2');
      await row.waitFor(POLL);
    });

    it('fits a phone, details and list, without sideways overflow', async () => {
      await fitsAPhone(merchant, {
        tab: 'direct',
        settlement: direct,
        payment: directPayments[1]!,
        shots: ['settlement-details-direct-phone', 'settlements-direct-phone'],
      });
      await expectLedgerHolds();
    });
  });

  describe('the reserve released', () => {
    it(
      'shows the reserve Completed once the release run released it, refreshed by the live notification',
      async () => {
        // No reload: the rolling-reserve-released notification refreshes the list left open.
        const reserve = watching.getByRole('table', { name: 'Rolling reserve' });
        await reserve.getByText('Completed').waitFor({ timeout: RELEASE_WAIT_MS });
        expect(await seriousViolations(watching)).toEqual([]);
        await screenshot(watching, 'settlements-reserve-released');
        await watching.close();
      },
      RELEASE_WAIT_MS + 60_000,
    );

    it('lists the release (type 14) as money in: + in Transactions, a credit in the Account Ledger', async () => {
      const list = await accepted('settlements', apiCall(settlementsCall, { type: 'aggregate', perPage: 50 }, merchantToken));
      const reserve = list.data.find((row) => row.uuid === settlement.uuid)?.rolling_reserve;
      const release = reserve?.release_transaction_uuid;
      expect(release, 'the reserve names its release').toBeTruthy();

      await merchant.goto(`/app/my-transactions?tab=1&transactionId=${release}`);
      const row = merchant.locator(`tr[data-uuid="${release}"]`);
      await row.waitFor(POLL);
      const [, sign, amount] = SIGNED_AMOUNT.exec(await row.innerText()) ?? [];
      expect(sign).toBe('+');
      expect(minorOf(amount ?? '')).toBe(reserve!.amount);
      expect(await row.textContent()).toContain('Rolling reserve release');
      await screenshot(merchant, 'transactions-reserve-released');

      // The merchant's wallet's ledger: the release comes in, a credit of the reserve.
      await merchant.goto('/app/account-ledger');
      const entry = merchant.locator(`tr[data-uuid="${release}"]`);
      const more = merchant.getByRole('button', { name: 'Load more' });
      await merchant.locator('tr[data-entry-id]').first().waitFor(POLL);
      for (let round = 0; round < 20 && (await entry.count()) === 0 && (await more.isVisible()); round += 1) {
        const before = await merchant.locator('tr[data-entry-id]').count();
        await more.click();
        await expect.poll(() => merchant.locator('tr[data-entry-id]').count(), POLL).toBeGreaterThan(before);
      }
      const [shown] = (await rowsByTitle(merchant, 'Account Ledger', 'tr[data-entry-id]', ['Type', 'Debit', 'Credit'])).filter(
        (candidate) => candidate.data.uuid === release,
      );
      expect(shown, 'the release is in the ledger').toBeDefined();
      expect(shown!.cells.Credit).toMatch(AED_AMOUNT);
      expect(minorOf(shown!.cells.Credit ?? '')).toBe(reserve!.amount);
      expect(minorOf(shown!.cells.Debit ?? '')).toBe(0);
      await screenshot(merchant, 'ledger-reserve-released');
      await expectLedgerHolds();
    });
  });
});
