// The merchant's Transactions screen after real payments through the merchant API: the merchant
// narrows the list by store, terminal and channel, switches to the Failure tab (loaded when
// first opened) where the declined payment shows, expands a row to its charges, opens the
// paid payment's details (Acquiring, Schema, its approval code, 'N/A' for no failure reason,
// the customer), its attempts, and goes Back to the details and then to the list (DECISIONS 49).
// After a settlement run and a paid withdrawal (made through the real calls) the list signs the
// aggregate settlement + (it became available) and both withdrawal rows − (asked, then paid)
// (docs/transactions.md "Direction"). Screens are photographed at 1280 and 390 px and checked with axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  addNewWithdrawalCall,
  addWithdrawalMethodCall,
  adminGetSettlementRunsCall,
  adminProcessWithdrawalCall,
  adminRunSettlementsCall,
  getAllWithdrawalMethodsCall,
  getTransactionsCall,
  getWalletListCall,
} from '@paywallet/contract';
import { DEMO_ADMIN } from '../support/accounts.ts';
import { DESKTOP, photographAndCheck } from '../support/axe.ts';
import { baseUrl, expectLedgerHolds, launch } from '../support/browser.ts';
import { merchantApiAuth, payByCard, scopeOfTransaction, TEST_CARDS, type MerchantScope } from '../support/merchant-api.ts';
import { accepted, apiCall, MERCHANT, signInThroughApi } from '../support/sign-in.ts';

const LIST_CHECKS = { outline: false };
const POLL = { timeout: 30_000 };
/** A signed amount as the list shows it: '+12.34 AED' or '−12.34 AED'. */
const SIGNED_AMOUNT = /([+−])[\d,]+\.\d{2} AED/;

describe('the merchant’s transactions', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let auth: string;
  let paid: string;
  let declined: string;
  let scope: MerchantScope;

  const pay = (card: string, email: string) =>
    payByCard(auth, card, {
      amount: 4321,
      clientReference: 'e2e-transactions',
      holderName: 'Tx Buyer',
      customer: { name: 'Tx Buyer', email },
    });

  beforeAll(async () => {
    browser = await launch();
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    token = await signInThroughApi(page, MERCHANT);
    auth = await merchantApiAuth(token);
    paid = await pay(TEST_CARDS.approved, 'tx-buyer@example.com');
    declined = await pay(TEST_CARDS.declined, 'tx-buyer@example.com');
    scope = await scopeOfTransaction(token, paid);
  });
  afterAll(async () => {
    await expectLedgerHolds();
    await browser?.close();
  });

  it('filters by store, terminal and channel, and shows the Failure tab when it is opened', async () => {
    await page.goto('/app/my-transactions');
    const store = page.getByRole('combobox', { name: 'Store' });
    await store.fill(scope.store.slice(0, 6));
    await store.press('Enter');
    await page.getByRole('option', { name: scope.store }).click();
    await page.getByRole('combobox', { name: 'Terminal' }).click();
    await page.getByRole('option', { name: scope.terminal }).click();
    await page.getByRole('combobox', { name: 'Channel' }).click();
    await page.getByRole('option', { name: scope.channel }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.has('channelId'));
    await page.locator(`tr[data-uuid="${paid}"]`).waitFor();
    expect(await page.locator(`tr[data-uuid="${declined}"]`).count()).toBe(0);

    // Rows expand to their charges: the fee and VAT paid to the platform.
    await page.locator(`tr[data-uuid="${paid}"]`).getByRole('button', { name: 'Show charges' }).click();
    const charges = page.getByLabel('Charges transactions');
    await charges.waitFor();
    expect(await charges.innerText()).toContain('Fees');
    await photographAndCheck(page, 'transactions-tab-1', LIST_CHECKS);

    await page.getByRole('tab', { name: 'Failure' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === '3');
    const failed = page.locator(`tr[data-uuid="${declined}"]`);
    await failed.waitFor();
    await photographAndCheck(page, 'transactions-tab-failure', LIST_CHECKS);
    await page.getByRole('tab', { name: 'Transaction' }).click();
    await page.locator(`tr[data-uuid="${paid}"]`).waitFor();
  });

  it('opens the details and the attempts, and Back returns the way it came', async () => {
    const list = page.url();
    await page.locator(`tr[data-uuid="${paid}"]`).getByRole('button', { name: 'Details' }).click();
    await page.getByRole('heading', { name: 'Transaction Details' }).waitFor();
    const details = page.getByLabel('Details', { exact: true });
    await details.getByText('Sandbox Acquirer (SANDBOX)').waitFor();
    const text = await details.innerText();
    expect(text).toContain('Failure Reason');
    expect(text).toContain('N/A');
    // The sandbox acquirer's approval code of the paid card payment.
    expect(text).toMatch(/Approval Code\s+[A-Z0-9]{6}\b/);
    expect(await page.getByLabel('Customer', { exact: true }).innerText()).toContain('tx-buyer@example.com');
    await photographAndCheck(page, 'transactions-details', LIST_CHECKS);

    const detailsUrl = page.url();
    await page.getByRole('button', { name: 'View attempts' }).click();
    await page.getByRole('heading', { name: 'Transaction attempts' }).waitFor();
    await page.getByRole('heading', { name: 'Attempt 1' }).waitFor();
    await photographAndCheck(page, 'transactions-attempts', LIST_CHECKS);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(detailsUrl);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(list);
    await page.locator(`tr[data-uuid="${paid}"]`).waitFor();
  });

  it('signs a settlement as money in and a withdrawal, asked and paid, as money out', async () => {
    // The administrator settles the merchant's payments (the paid one above among them) by hand.
    const adminPage = await (await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() })).newPage();
    const adminToken = await signInThroughApi(adminPage, DEMO_ADMIN, { landing: { path: '/', text: 'Review the stores' } });
    await adminPage.context().close();
    const wallets = await accepted('get-wallet-list', apiCall(getWalletListCall, {}, token));
    const wallet = wallets.find((row) => row.currency.code === 'AED' && row.is_default === 1)!;
    const run = await accepted('run-settlements', apiCall(adminRunSettlementsCall, { merchantUserId: wallet.user_id }, adminToken));
    await expect
      .poll(async () => {
        const runs = await accepted('get-settlement-runs', apiCall(adminGetSettlementRunsCall, { perPage: 50 }, adminToken));
        return runs.data.find((row) => row.id === run.id)?.state;
      }, POLL)
      .toBe('done');
    const settled = await accepted('get-transactions', apiCall(getTransactionsCall, { transactionTypeId: 12 }, token));
    if (!('data' in settled)) throw new Error('expected a page of transactions');
    const settlement = settled.data[0]!.uuid;

    // The merchant withdraws 3.21 AED of what became available; the administrator pays it.
    const bank = await accepted(
      'get-all-withdrawal-methods',
      apiCall(getAllWithdrawalMethodsCall, { currencyId: wallet.currency_id }, token),
    );
    const method = await accepted(
      'add-withdrawal-method',
      apiCall(
        addWithdrawalMethodCall,
        {
          paymentMethodId: bank[0]!.id,
          userAccountId: wallet.id,
          details: { 'Account Name': 'Tx Signs E2E', IBAN: 'AE070331234567890123456', 'SWIFT/BIC': 'NBADAEAAXXX' },
        },
        token,
      ),
    );
    const withdrawal = await accepted(
      'add-new-withdrawal',
      apiCall(addNewWithdrawalCall, { amount: 321, userAccountId: wallet.id, withdrawalMethodId: method.id }, token),
    );
    await accepted(
      'process-withdrawal',
      apiCall(adminProcessWithdrawalCall, { withdrawalId: withdrawal.id, status: 'paid', referenceId: 'BANK-SIGNS-E2E' }, adminToken),
    );
    const withdrawn = await accepted('get-transactions', apiCall(getTransactionsCall, { transactionTypeId: 2, perPage: 50 }, token));
    if (!('data' in withdrawn)) throw new Error('expected a page of transactions');
    const withdrawalRows = withdrawn.data.filter((row) => row.reference_id === withdrawal.uuid).map((row) => row.uuid);
    expect(withdrawalRows).toHaveLength(2);

    // The list, newest first: the paid and the asked withdrawal, then the settlement.
    await page.goto('/app/my-transactions');
    const signOf = async (uuid: string) => {
      const row = page.locator(`tr[data-uuid="${uuid}"]`);
      await row.waitFor(POLL);
      return SIGNED_AMOUNT.exec(await row.innerText())?.[1];
    };
    expect(await signOf(settlement)).toBe('+');
    for (const uuid of withdrawalRows) expect(await signOf(uuid)).toBe('−');
    await photographAndCheck(page, 'transactions-signs', LIST_CHECKS);
  });
});
