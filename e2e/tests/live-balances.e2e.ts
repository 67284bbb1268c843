// Balances follow the live notification: the merchant's dashboard and the consumer's home are
// open in two signed-in pages, money moves through the API from another account (no click on
// either page, no reload), and each open page shows the new balance because the notification
// that announces the money (Server-Sent Events, docs/notifications.md) refreshes its balances.
// The shown balance is checked against the stored one (the dev ledger check), and the ledger's
// invariants hold at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP } from '../support/axe.ts';
import { baseUrl, expectLedgerHolds, launch, ledgerCheck, type LedgerCheck } from '../support/browser.ts';
import { merchantApiAuth, payByCard, TEST_CARDS } from '../support/merchant-api.ts';
import { sendMoney } from '../support/money.ts';
import { CONSUMER, MERCHANT, signInThroughApi } from '../support/sign-in.ts';

/** Longer than the hub's one-second poll and a refetch, on a busy machine. */
const LIVE = { timeout: 15_000, interval: 250 };

/** '1,234.50 AED' in minor units; null when no amount is shown yet. */
function minorIn(text: string): number | null {
  const amount = /(-?[\d,]+\.\d{2})/.exec(text)?.[1];
  return amount === undefined ? null : Math.round(Number(amount.replace(/,/g, '')) * 100);
}

type StoredWallet = LedgerCheck['wallets'][number];

/** The default AED wallet as the server holds it now. */
async function storedAed(email: string): Promise<StoredWallet> {
  const wallet = (await ledgerCheck(email)).wallets.find((candidate) => candidate.code.trim() === 'AED' && candidate.is_default === 1);
  if (!wallet) throw new Error(`${email} has no default AED wallet`);
  return wallet;
}

/** A balance card of the merchant's dashboard: 'On Hold Balance' or 'Available Balance'. */
const merchantCard = (page: Page, name: string) => async () => minorIn(await page.getByRole('region', { name }).innerText());

/** The Available line of the consumer's wallet card on the home. */
const consumerAvailable = (page: Page, walletId: number) => async () =>
  minorIn(
    (await page
      .locator(`article[data-wallet-id="${walletId}"]`)
      .getByText('Available', { exact: true })
      .locator('xpath=following-sibling::*[1]')
      .textContent()) ?? '',
  );

describe('balances move with the live notification', () => {
  let browser: Browser;
  let merchant: Page;
  let consumer: Page;
  let merchantToken: string;
  let consumerToken: string;

  beforeAll(async () => {
    browser = await launch();
    const open = async () => {
      const page = await (await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() })).newPage();
      page.setDefaultTimeout(20_000);
      return page;
    };
    merchant = await open();
    consumer = await open();
    merchantToken = await signInThroughApi(merchant, MERCHANT);
    consumerToken = await signInThroughApi(consumer, CONSUMER);
    // Both pages stay on their home from here on: nothing below reloads or clicks them.
    await merchant.getByRole('region', { name: 'Available Balance' }).waitFor();
    await consumer.locator('article[data-wallet-id]').first().waitFor();
  });
  afterAll(async () => {
    await expectLedgerHolds();
    await browser?.close();
  });

  it("shows the merchant's Available Balance grow when a consumer pays it", async () => {
    const before = (await storedAed(MERCHANT.email)).available_balance;
    await expect.poll(merchantCard(merchant, 'Available Balance'), LIVE).toBe(before);
    await sendMoney(consumerToken, MERCHANT.email, [1_234]);
    const after = (await storedAed(MERCHANT.email)).available_balance;
    expect(after).toBe(before + 1_234);
    await expect.poll(merchantCard(merchant, 'Available Balance'), LIVE).toBe(after);
  });

  it("shows the merchant's On Hold Balance grow when a card payment arrives through its API", async () => {
    const before = (await storedAed(MERCHANT.email)).balance_on_hold;
    await expect.poll(merchantCard(merchant, 'On Hold Balance'), LIVE).toBe(before);
    const auth = await merchantApiAuth(merchantToken);
    await payByCard(auth, TEST_CARDS.approved, { amount: 5_000, clientReference: 'e2e-live-balances', holderName: 'Live Buyer' });
    const after = (await storedAed(MERCHANT.email)).balance_on_hold;
    expect(after).toBeGreaterThan(before);
    await expect.poll(merchantCard(merchant, 'On Hold Balance'), LIVE).toBe(after);
  });

  it("shows the consumer's wallet grow when the merchant sends it money", async () => {
    const wallet = await storedAed(CONSUMER.email);
    await expect.poll(consumerAvailable(consumer, wallet.id), LIVE).toBe(wallet.available_balance);
    await sendMoney(merchantToken, CONSUMER.email, [777]);
    const after = (await storedAed(CONSUMER.email)).available_balance;
    expect(after).toBe(wallet.available_balance + 777);
    await expect.poll(consumerAvailable(consumer, wallet.id), LIVE).toBe(after);
  });
});
