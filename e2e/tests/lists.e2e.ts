// The web kit for lists on real screens, in a real browser against the platform as `npm start`
// runs it: the transactions list pages and changes its page size (choices by total), expands a
// row to its charges, keeps a column switched off across a reload, filters by date range and
// transaction id with the filters in the URL, shows 'No data available' for a filter matching
// nothing; the merchant's store -> terminal -> channel cascade obeys its clearing rules, and a
// scope the server refuses shows the error with Retry; the copy button copies; a staff member
// without a feature gets the not-available page; every menu link leads to a page. axe finds no
// serious or critical violation on the screens of the kit, and each is photographed at desktop
// (1280x800) and phone (390x844) width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, photographAndCheck } from '../support/axe.ts';
import { baseUrl, expectLedgerHolds, launch } from '../support/browser.ts';
import { CONSUMER, MERCHANT, signInThroughApi } from '../support/sign-in.ts';
import { consumerPaysMerchant } from '../support/money.ts';

const STAFF = { email: 'staff@demo.paywallet.local', password: 'Staff123', passcode: '1234' };
/** More than the first per-page choice, so a second page and a second choice exist. */
const TRANSACTIONS_WANTED = 13;
const NOT_AVAILABLE = 'Not available to your account';
/** The kit's screens are checked by axe without the outline and the phone-width overflow checks. */
const LISTS_CHECKS = { outline: false, overflow: false };

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}
interface TransactionRow {
  uuid: string;
  fee: number;
  vat: number;
  total_amount: number;
  currency: { code: string };
  created_at: string;
}

/** The session the web app keeps in local storage (encoded as lib/storage.ts encodes it). */
async function accessTokenOf(page: Page): Promise<string> {
  // An expression, not a function: the e2e project is type-checked without the DOM library.
  const raw = (await page.evaluate("window.localStorage.getItem('pw.accessToken')")) as string | null;
  if (!raw?.startsWith('pw1.')) throw new Error('The page holds no session');
  return JSON.parse(Buffer.from(raw.slice('pw1.'.length), 'base64').toString('utf8')) as string;
}

/** A call on the plain JSON route with the page's session: test data made through the real API. */
async function apiCall<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', accessToken: token },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${path} answered ${envelope.code}: ${envelope.message}`);
  return envelope.data;
}

async function transactionsPage(token: string, body: Record<string, unknown> = {}) {
  return apiCall<{ data: TransactionRow[]; paginationData: { total: number } }>(token, 'get-transactions', body);
}

/** Sends 1.00 AED to the demo merchant until the consumer has `wanted` transactions. */
async function ensureTransactions(token: string, wanted: number): Promise<number> {
  const { total } = (await transactionsPage(token, { perPage: 1 })).paginationData;
  if (total >= wanted) return total;
  await consumerPaysMerchant(token, Array<number>(wanted - total).fill(100));
  return wanted;
}

const formatMinor = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Two requests to the demo merchant: one left PENDING, one CANCELED. */
async function ensureRequests(token: string): Promise<void> {
  const wallets = await apiCall<Array<{ id: number; is_default: number; currency: { code: string } }>>(token, 'get-wallet-list', {});
  const aed = wallets.find((wallet) => wallet.currency.code.trim() === 'AED' && wallet.is_default !== 2);
  if (!aed) throw new Error('The demo consumer has no AED wallet');
  const ask = () =>
    apiCall<{ id: number }>(token, 'initiate-request-money', {
      emailOrPhone: MERCHANT.email,
      amount: 500,
      userAccountId: aed.id,
      notes: 'List kit',
    });
  await ask();
  const canceled = await ask();
  await apiCall(token, 'cancel-request-money', { requestId: canceled.id });
}

/** The choices DECISIONS 25 allows for a total: each only when the total exceeds the one before. */
function expectedChoices(total: number): string[] {
  const all = [10, 20, 30, 50, 100, 200, 300, 400, 500];
  return all.filter((choice, index) => index === 0 || total > all[index - 1]!).map(String);
}

const rows = (page: Page) => page.locator('tr[data-uuid]');
const rowIds = (page: Page) => rows(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-uuid')));

async function waitForRows(page: Page, count: number): Promise<void> {
  await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(count);
}

async function newSignedInPage(browser: Browser, who: typeof CONSUMER): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInThroughApi(page, who);
  return { context, page };
}

describe('the list kit on real screens', () => {
  let browser: Browser;
  let consumer: Page;
  let consumerToken: string;
  let total: number;

  beforeAll(async () => {
    browser = await launch();
    ({ page: consumer } = await newSignedInPage(browser, CONSUMER));
    consumerToken = await accessTokenOf(consumer);
    total = await ensureTransactions(consumerToken, TRANSACTIONS_WANTED);
    await ensureRequests(consumerToken);
  });
  afterAll(async () => browser?.close());

  it('pages through the transactions and changes the page size, offering the choices the total allows', async () => {
    await consumer.goto('/app/transactions');
    await waitForRows(consumer, 10);
    const pageSize = consumer.getByLabel('Rows per page');
    expect(await pageSize.locator('option').allTextContents()).toEqual(expectedChoices(total));
    await expect.poll(() => consumer.getByText(`1–10 of ${total}`).isVisible()).toBe(true);
    await photographAndCheck(consumer, '40-transactions', LISTS_CHECKS);

    const firstPage = await rowIds(consumer);
    await consumer.getByRole('button', { name: 'Page 2' }).click();
    await consumer.waitForURL(/[?&]page=2/);
    await waitForRows(consumer, Math.min(10, total - 10));
    const secondPage = await rowIds(consumer);
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);

    await pageSize.selectOption('20');
    await consumer.waitForURL((url) => url.searchParams.get('perPage') === '20' && !url.searchParams.has('page'));
    await waitForRows(consumer, Math.min(20, total));
    // The page and its size are in the URL: a reload shows the same list.
    await consumer.reload();
    await waitForRows(consumer, Math.min(20, total));
    expect(await consumer.getByLabel('Rows per page').inputValue()).toBe('20');
    // The transactions this test made moved money: the ledger still balances.
    await expectLedgerHolds();
  });

  it("expands a row to its charges: the row's fee, VAT and total", async () => {
    await consumer.goto('/app/transactions');
    await waitForRows(consumer, 10);
    const [first] = (await transactionsPage(consumerToken, { perPage: 1 })).data;
    if (!first) throw new Error('no transaction');
    const row = consumer.locator(`tr[data-uuid="${first.uuid}"]`);
    await row.getByRole('button', { name: 'Show charges' }).click();
    const charges = consumer.getByLabel('Charges', { exact: true });
    await expect.poll(() => charges.isVisible()).toBe(true);
    const text = await charges.innerText();
    for (const label of ['Amount', 'Fee', 'VAT', 'Total']) expect(text).toContain(label);
    expect(text).toContain(`${formatMinor(first.fee)} ${first.currency.code}`);
    expect(text).toContain(`${formatMinor(first.total_amount)} ${first.currency.code}`);
    expect(await row.getByRole('button', { name: 'Hide charges' }).getAttribute('aria-expanded')).toBe('true');
    await photographAndCheck(consumer, '41-transactions-expanded', LISTS_CHECKS);
  });

  it('keeps a column switched off after a reload', async () => {
    await consumer.goto('/app/transactions');
    await waitForRows(consumer, 10);
    const header = consumer.getByRole('columnheader', { name: 'Counterparty' });
    expect(await header.count()).toBe(1);
    await consumer.getByRole('button', { name: 'Columns of Transactions' }).click();
    await consumer.getByRole('checkbox', { name: 'Counterparty' }).uncheck();
    await expect.poll(() => header.count()).toBe(0);
    await consumer.reload();
    await waitForRows(consumer, 10);
    expect(await consumer.getByRole('columnheader', { name: 'Type' }).count()).toBe(1);
    expect(await header.count()).toBe(0);
    // Back on, for the screens that follow.
    await consumer.getByRole('button', { name: 'Columns of Transactions' }).click();
    await consumer.getByRole('checkbox', { name: 'Counterparty' }).check();
    await expect.poll(() => header.count()).toBe(1);
    await consumer.keyboard.press('Escape');
  });

  it('filters by date range and transaction id, and the filters survive a reload', async () => {
    const [target] = (await transactionsPage(consumerToken, { perPage: 1 })).data;
    if (!target) throw new Error('no transaction');
    const day = target.created_at.slice(0, 10);
    const dayLabel = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await consumer.goto('/app/transactions');
    await waitForRows(consumer, 10);

    await consumer.getByLabel('Start Date', { exact: true }).click();
    // The open calendar is the visible one: a closed picker keeps its days in the page.
    const calendarDay = (label: string) => consumer.getByRole('button', { name: label, exact: true }).filter({ visible: true });
    await calendarDay(dayLabel).click();
    await expect.poll(() => calendarDay(dayLabel).count()).toBe(0);
    await consumer.getByLabel('End Date', { exact: true }).click();
    // The pickers cannot go past today (GMT).
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const tomorrowLabel = tomorrow.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const tomorrowButton = calendarDay(tomorrowLabel);
    if ((await tomorrowButton.count()) > 0) expect(await tomorrowButton.first().isDisabled()).toBe(true);
    await calendarDay(dayLabel).click();
    await consumer.getByLabel('Transaction Id').fill(target.uuid.slice(0, 8));
    await photographAndCheck(consumer, '42-transactions-filters', LISTS_CHECKS);
    await consumer.getByRole('button', { name: 'Search' }).click();

    await consumer.waitForURL(
      (url) =>
        url.searchParams.get('fromDate') === day &&
        url.searchParams.get('toDate') === day &&
        url.searchParams.get('transactionId') === target.uuid.slice(0, 8),
    );
    await waitForRows(consumer, 1);
    expect(await rowIds(consumer)).toEqual([target.uuid]);

    await consumer.reload();
    await waitForRows(consumer, 1);
    expect(await rowIds(consumer)).toEqual([target.uuid]);
    expect(await consumer.getByLabel('Transaction Id').inputValue()).toBe(target.uuid.slice(0, 8));
    expect(await consumer.getByLabel('Start Date', { exact: true }).innerText()).toContain(day);
    expect(await consumer.getByLabel('End Date', { exact: true }).innerText()).toContain(day);
  });

  it("shows 'No data available' for a filter that matches nothing, and Clear brings the list back", async () => {
    await consumer.goto('/app/transactions?transactionId=ffffffff-ffff');
    await expect.poll(() => consumer.getByText('No data available').first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await rows(consumer).count()).toBe(0);
    await photographAndCheck(consumer, '43-transactions-empty', LISTS_CHECKS);
    await consumer.getByRole('button', { name: 'Clear' }).click();
    await consumer.waitForURL((url) => url.search === '');
    await waitForRows(consumer, 10);
  });

  it("copies the transaction id on the details page: 'Text Copied'", async () => {
    await consumer.goto('/app/transactions');
    await waitForRows(consumer, 10);
    const [uuid] = await rowIds(consumer);
    await consumer.locator(`tr[data-uuid="${uuid}"]`).getByRole('button', { name: 'Details' }).click();
    await consumer.waitForURL(`**/app/transactions/details/${uuid}`);
    await consumer.getByRole('button', { name: 'Copy transaction id' }).click();
    await expect.poll(() => consumer.getByText('Text Copied').first().isVisible()).toBe(true);
    expect(await consumer.evaluate('navigator.clipboard.readText()')).toBe(uuid);
    // The toast is checked too, once its entrance (a fade) is over.
    await consumer.waitForTimeout(400);
    await photographAndCheck(consumer, '44-transaction-details', LISTS_CHECKS);
  });

  it('shows both request lists on the kit, each action only on the rows it applies to', async () => {
    await consumer.goto('/app/request-money');
    // The list loads a moment after the screen opens (spec 1 screen 15).
    await expect.poll(() => consumer.locator('tr[data-request-id]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const statuses = await consumer
      .locator('tr[data-request-id]')
      .evaluateAll((elements) => elements.map((element) => ({ text: element.textContent ?? '' })));
    expect(statuses.some(({ text }) => text.includes('Canceled'))).toBe(true);
    for (const { text } of statuses) expect(text.includes('Cancel Request')).toBe(text.includes('Pending'));
    await photographAndCheck(consumer, '45-my-requests', LISTS_CHECKS);
    await consumer.getByRole('tab', { name: 'User Requests' }).click();
    await consumer.waitForURL(/tab=user/);
    await consumer.waitForTimeout(2_500);
    await photographAndCheck(consumer, '46-user-requests', LISTS_CHECKS);
  });

  it('the store -> terminal -> channel cascade of the merchant obeys its clearing rules', async () => {
    const { page: merchant } = await newSignedInPage(browser, MERCHANT);
    // The merchant's menu leads to the merchant's path for transactions (spec 3 section 2.6).
    expect(await merchant.getByRole('link', { name: 'Transactions', exact: true }).getAttribute('href')).toBe('/app/my-transactions');
    await merchant.goto('/app/my-transactions');
    const store = merchant.getByRole('combobox', { name: 'Store' });
    const terminal = merchant.getByRole('combobox', { name: 'Terminal' });
    const channel = merchant.getByRole('combobox', { name: 'Channel' });
    // The options of the open list (the page-size select has options of its own).
    const optionNames = () => merchant.getByRole('listbox').filter({ visible: true }).getByRole('option').allTextContents();
    expect(await terminal.isDisabled()).toBe(true);

    // A search runs on Enter with at least 2 characters; nothing found reads 'No data available'.
    await store.fill('zzzz-no-such-store');
    await store.press('Enter');
    await expect.poll(() => merchant.getByText('No data available').first().isVisible()).toBe(true);
    await store.fill('Haddad');
    await store.press('Enter');
    // Every store of the merchant, whatever its status (the Active one, the Draft one and the one
    // awaiting approval), sorted here: the server answers newest first.
    await expect
      .poll(async () => (await optionNames()).sort())
      .toEqual(['Haddad Coffee Roasters - Al Quoz', 'Haddad Coffee Roasters - Jumeirah', 'Haddad Coffee Roasters Marina']);
    await merchant.getByRole('option', { name: 'Haddad Coffee Roasters - Al Quoz' }).click();

    await terminal.click();
    await expect.poll(optionNames).toEqual(['Roastery Counter', 'Cafe Kiosk']);
    await merchant.getByRole('option', { name: 'Roastery Counter' }).click();
    await channel.click();
    await expect.poll(optionNames).toEqual(['Online Shop', 'Counter POS']);
    await merchant.getByRole('option', { name: 'Counter POS' }).click();
    expect(await channel.inputValue()).toBe('Counter POS');
    await photographAndCheck(merchant, '47-merchant-cascade', LISTS_CHECKS);

    // Changing the terminal clears the channel and offers that terminal's channels.
    await terminal.click();
    await merchant.getByRole('option', { name: 'Cafe Kiosk' }).click();
    expect(await channel.inputValue()).toBe('');
    await channel.click();
    await expect.poll(optionNames).toEqual(['Kiosk POS']);
    await merchant.keyboard.press('Escape');

    // Changing the store clears the terminal (and its channel).
    await store.fill('Marina');
    await store.press('Enter');
    await expect.poll(optionNames).toEqual(['Haddad Coffee Roasters Marina']);
    await merchant.getByRole('option', { name: 'Haddad Coffee Roasters Marina' }).click();
    expect(await terminal.inputValue()).toBe('');
    expect(await channel.inputValue()).toBe('');
    expect(await channel.isDisabled()).toBe(true);
    await terminal.click();
    await expect.poll(optionNames).toEqual(['Marina Counter']);
    await merchant.keyboard.press('Escape');

    // Clearing the store empties the terminal list.
    await merchant.getByRole('button', { name: 'Clear Store' }).click();
    expect(await store.inputValue()).toBe('');
    expect(await terminal.isDisabled()).toBe(true);

    // A scope applied by Search is in the URL and the list answers for it.
    await store.fill('Al Quoz');
    await store.press('Enter');
    await merchant.getByRole('option', { name: 'Haddad Coffee Roasters - Al Quoz' }).click();
    await merchant.getByRole('button', { name: 'Search' }).click();
    await merchant.waitForURL((url) => url.searchParams.has('storeId'));
    await merchant.reload();
    await expect.poll(() => store.inputValue()).toBe('Haddad Coffee Roasters - Al Quoz');
    await expect
      .poll(
        () =>
          merchant
            .getByText(/No data available|of \d+/)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);

    // A link to a store that is not the merchant's: the server refuses it, and the list says so
    // and offers Retry instead of an empty table.
    await merchant.goto('/app/my-transactions?storeId=999999');
    await expect.poll(() => merchant.getByText('Transactions could not be loaded').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await merchant.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    await merchant.context().close();
  });

  it('a staff member without a feature gets the not-available page, and a consumer on a merchant path too', async () => {
    const { page: staff } = await newSignedInPage(browser, STAFF);
    const menu = staff.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => menu.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Transactions']);
    await staff.goto('/app/request-money');
    await expect.poll(() => staff.getByRole('heading', { name: NOT_AVAILABLE }).isVisible()).toBe(true);
    expect(await staff.locator('table').count()).toBe(0);
    await photographAndCheck(staff, '48-not-available', LISTS_CHECKS);
    // What is granted opens: the merchant's transactions, read by their staff.
    await staff.goto('/app/my-transactions');
    await expect.poll(() => staff.getByRole('heading', { name: 'Transactions' }).isVisible()).toBe(true);
    await staff.context().close();

    await consumer.goto('/app/my-transactions');
    await expect.poll(() => consumer.getByRole('heading', { name: NOT_AVAILABLE }).isVisible()).toBe(true);
  });

  it('every menu link leads to a screen, never to a missing page', async () => {
    for (const who of [CONSUMER, STAFF]) {
      const page = who === CONSUMER ? consumer : (await newSignedInPage(browser, who)).page;
      await page.goto('/app');
      const links = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link');
      await expect.poll(() => links.count()).toBeGreaterThan(0);
      const targets = await links.evaluateAll((elements) => elements.map((element) => element.getAttribute('href') ?? ''));
      for (const target of targets) {
        await page.goto(target);
        await page.waitForLoadState('networkidle');
        expect(await page.getByText('Page not found').count(), target).toBe(0);
        expect(await page.getByRole('heading', { name: NOT_AVAILABLE }).count(), target).toBe(0);
      }
      if (page !== consumer) await page.context().close();
    }
  });
});
