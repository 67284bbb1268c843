// The consumer money journeys in a real browser: card deposits (frictionless and through the
// 3-D Secure page), send money to the demo merchant, request money and the merchant paying it.
// Balances on screen are compared with the ledger, and every scenario ends with its invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { availableMinor, expectLedgerHolds, launch, newPage, screenshot } from '../support/browser.ts';
import { CONSUMER, MERCHANT, signInThroughApi } from '../support/sign-in.ts';

const formatAed = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function deposit(page: Page, amount: string, card: string): Promise<void> {
  await page.goto('/app/deposit-money');
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  await expect.poll(() => page.getByText(/Fee/).first().isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/app/deposit-money/initiate**');
  await page.getByLabel('Card Holder Name').fill('Omar Nasser');
  await page.getByLabel('Card Number').fill(card);
  await page.getByLabel('Exp Month').fill('09');
  await page.getByLabel('Exp Year').fill('30');
  await page.getByLabel('CVC').fill('123');
}

describe('consumer money journeys', () => {
  let browser: Browser;
  let consumer: Page;
  beforeAll(async () => {
    browser = await launch();
    consumer = await newPage(browser);
    await signInThroughApi(consumer, CONSUMER);
  });
  afterAll(async () => browser?.close());

  it('deposits with the frictionless card and the wallet is credited the amount', async () => {
    const before = await availableMinor(CONSUMER.email, 'AED');
    await deposit(consumer, '100', '4242 4242 4242 4242');
    await screenshot(consumer, '20-deposit-card-form');
    await consumer.getByRole('button', { name: 'Deposit' }).click();
    await expect.poll(() => consumer.getByText('Transaction Id').first().isVisible()).toBe(true);
    await screenshot(consumer, '21-deposit-success');
    expect(await availableMinor(CONSUMER.email, 'AED')).toBe(before + 10_000);
    await expectLedgerHolds();
  });

  it('deposits with the challenge card through the 3-D Secure page; credited only after Approve', async () => {
    const before = await availableMinor(CONSUMER.email, 'AED');
    await deposit(consumer, '50', '4000 0000 0000 3220');
    const popup = consumer.context().waitForEvent('page', { timeout: 20_000 });
    await consumer.getByRole('button', { name: 'Deposit' }).click();
    await expect.poll(() => consumer.getByText('Please Wait').first().isVisible()).toBe(true);
    const challenge = await popup;
    await challenge.waitForLoadState();
    await screenshot(challenge, '22-3ds-challenge');
    // Nothing is credited while the challenge is open.
    expect(await availableMinor(CONSUMER.email, 'AED')).toBe(before);
    await challenge.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() =>
        challenge
          .getByText(/approved/i)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(challenge, '23-3ds-approved');
    expect(await availableMinor(CONSUMER.email, 'AED')).toBe(before + 5_000);
    // Approving again (a reload of the form) credits nothing more.
    await challenge.reload();
    expect(await availableMinor(CONSUMER.email, 'AED')).toBe(before + 5_000);
    await challenge.close();
    await expectLedgerHolds();
  });

  it('sends money to the demo merchant and the balances on screen match the ledger', async () => {
    const payerBefore = await availableMinor(CONSUMER.email, 'AED');
    const payeeBefore = await availableMinor(MERCHANT.email, 'AED');
    await consumer.goto('/app/send-money');
    await consumer.getByLabel('Email or Phone').fill(MERCHANT.email);
    await consumer.getByRole('button', { name: 'Send' }).click();
    await consumer.waitForURL('**/app/send-money/initiate**');
    await expect.poll(() => consumer.getByText('Maya Haddad').first().isVisible()).toBe(true);
    await consumer.getByLabel('Amount', { exact: true }).fill('25.50');
    await screenshot(consumer, '24-send-money-initiate');
    await consumer.getByRole('button', { name: 'Send' }).click();
    await consumer.waitForURL('**/app/send-money/confirm**');
    await screenshot(consumer, '25-send-money-confirm');
    await consumer.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => consumer.getByText('Transaction Id').first().isVisible()).toBe(true);
    await screenshot(consumer, '26-send-money-success');
    // 25.50 AED with the wallet-transfer charges (1% fee, 5% VAT on the fee) paid by the payer.
    const payerAfter = await availableMinor(CONSUMER.email, 'AED');
    expect(payerBefore - payerAfter).toBe(2550 + 26 + 1);
    expect(await availableMinor(MERCHANT.email, 'AED')).toBe(payeeBefore + 2550);
    await consumer.goto('/app/deposit-money');
    await expect.poll(() => consumer.getByText(formatAed(payerAfter)).first().isVisible()).toBe(true);
    await expectLedgerHolds();
  });

  it('requests money from the merchant, who pays the request', async () => {
    await consumer.goto('/app/request-money/initiate');
    await consumer.getByLabel('Email or Phone').fill(MERCHANT.email);
    await consumer.getByLabel('Amount', { exact: true }).fill('12');
    await consumer.getByLabel('Notes').fill('Coffee beans');
    await consumer.getByRole('button', { name: 'Send' }).click();
    await consumer.waitForURL((url) => url.pathname === '/app/request-money');
    await expect.poll(() => consumer.getByText('Pending').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(consumer, '27-my-requests');

    const consumerBefore = await availableMinor(CONSUMER.email, 'AED');
    const merchant = await newPage(browser);
    await signInThroughApi(merchant, MERCHANT);
    await merchant.goto('/app/request-money?tab=user');
    await expect.poll(() => merchant.getByText('Coffee beans').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(merchant, '28-user-requests');
    await merchant.getByRole('button', { name: 'Accept' }).first().click();
    await merchant.waitForURL('**/app/request-money/pay**');
    await merchant.getByRole('button', { name: 'Confirm' }).click();
    await merchant.waitForURL('**/app/request-money/pay/confirm**');
    // The pay step's own Confirm button stays on screen until the confirm step has loaded (the
    // router keeps the old screen during a lazy route's load): wait for the confirm card first.
    await merchant.getByRole('heading', { name: 'Confirm Send Money' }).waitFor();
    await merchant.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => merchant.getByText('Transaction Id').first().isVisible()).toBe(true);
    await screenshot(merchant, '29-request-paid');
    expect(await availableMinor(CONSUMER.email, 'AED')).toBe(consumerBefore + 1200);

    await consumer.goto('/app/request-money');
    await expect.poll(() => consumer.getByText('Accepted').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expectLedgerHolds();
  });
});
