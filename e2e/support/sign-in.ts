import type { Page } from 'playwright-core';
import { latestCode, outboxHead } from './browser.ts';

export const CONSUMER = { email: 'consumer@demo.paywallet.local', password: 'Consumer123', passcode: '1234' };
export const MERCHANT = { email: 'merchant@demo.paywallet.local', password: 'Merchant123', passcode: '1234' };

/** Signs in through the screens: e-mail, the code from the dev outbox, password, passcode. */
export async function signInThroughScreens(page: Page, who: { email: string; password: string; passcode: string }): Promise<void> {
  const before = await outboxHead(who.email);
  await page.goto('/auth/send-otp');
  await page.getByLabel('Email').fill(who.email);
  await clickUntilUrl(page, 'Send', '**/auth/verify-otp**');
  const { code } = await latestCode(who.email, before);
  await page.getByLabel('OTP digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForURL('**/auth/login**');
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/auth/passcode-login**');
  await page.getByLabel('Passcode', { exact: true }).fill(who.passcode);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((url) => url.pathname === '/app');
}

/**
 * Clicks a button that mails a code and waits for the next screen. The server sends one code
 * per e-mail per 10 s: when an earlier step just asked, it answers 429, so wait and ask again.
 */
export async function clickUntilUrl(page: Page, buttonName: string, url: string): Promise<void> {
  await page.getByRole('button', { name: buttonName }).click();
  const moved = await page.waitForURL(url, { timeout: 4_000 }).then(
    () => true,
    () => false,
  );
  if (moved) return;
  await page.waitForTimeout(10_000);
  await page.getByRole('button', { name: buttonName }).click();
  await page.waitForURL(url);
}
