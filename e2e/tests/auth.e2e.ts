// The sign-up and sign-in journeys in a real browser against the platform as `npm start`
// runs it (bot check on, dev outbox for the codes).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { latestCode, launch, newPage, outboxHead, screenshot } from '../support/browser.ts';
import { clickUntilUrl } from '../support/sign-in.ts';

const passportPng = path.resolve(import.meta.dirname, '../fixtures/passport.png');

async function enterCode(page: Page, email: string, after = 0): Promise<void> {
  const { code } = await latestCode(email, after);
  await page.getByLabel('OTP digit 1').click();
  await page.keyboard.type(code);
}

async function startWithEmail(page: Page, email: string): Promise<void> {
  await page.goto('/auth/send-otp');
  await page.getByLabel('Email').fill(email);
  await screenshot(page, '01-send-otp');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForURL('**/auth/verify-otp**');
}

describe('auth journeys', () => {
  let browser: Browser;
  /** The user the sign-up test creates; the reset test goes on with it. */
  let signedUpEmail = '';
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('a new user signs up, sets a passcode, fills the KYC form with a file and lands on /app', async () => {
    const page = await newPage(browser);
    const email = `new.user.${Date.now()}@example.com`;
    signedUpEmail = email;
    await startWithEmail(page, email);
    await screenshot(page, '02-verify-otp');
    await enterCode(page, email);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL('**/auth/signup**');

    await page.getByLabel('First Name').fill('Nadia');
    await page.getByLabel('Last Name').fill('Karim');
    await page.getByLabel('Business Name').fill('Karim Flowers');
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await page.getByLabel('Confirm Password').fill('weakpass');
    await page.getByLabel('Phone').fill(`50${String(Date.now()).slice(-7)}`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    // The first validation error shows above the form and nothing is sent.
    await expect
      .poll(() => page.getByText('Password must contain at least one number, uppercase and lowercase character').first().isVisible())
      .toBe(true);
    await screenshot(page, '03-signup-error');
    await page.getByLabel('Password', { exact: true }).fill('Flowers2026');
    await page.getByLabel('Confirm Password').fill('Flowers2026');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/auth/set-passcode**');
    await screenshot(page, '04-set-passcode');

    await page.getByLabel('Passcode', { exact: true }).fill('4826');
    await page.getByLabel('Confirm Passcode').fill('4826');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/auth/user-input**');

    await page.getByLabel('Full legal name').fill('Nadia Karim');
    await page.getByLabel('Date of birth (YYYY-MM-DD)').fill('1990-04-12');
    await page.getByLabel('Nationality').fill('Emirati');
    await page.getByLabel('Salary').check();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose file: Identity document (passport or national ID)' }).click();
    await (await chooser).setFiles(passportPng);
    await expect.poll(() => page.getByText('passport.png').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel('I confirm the information above is true').check();
    await screenshot(page, '05-kyc-form');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await expect.poll(() => page.getByText('Nadia', { exact: false }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Pending').first().isVisible()).toBe(true);
    await screenshot(page, '06-app-home-new-user');
    await page.context().close();
  });

  it('the demo merchant signs in with password and passcode and sees the side menu', async () => {
    const page = await newPage(browser);
    const email = 'merchant@demo.paywallet.local';
    const before = await outboxHead(email);
    await startWithEmail(page, email);
    await enterCode(page, email, before);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL('**/auth/login**');
    await screenshot(page, '07-login');
    await page.getByLabel('Password', { exact: true }).fill('Merchant123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/auth/passcode-login**');
    await screenshot(page, '08-passcode-login');
    await page.getByLabel('Passcode', { exact: true }).fill('1234');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await expect.poll(() => page.getByRole('link', { name: 'Dashboard' }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Maya').first().isVisible()).toBe(true);
    await screenshot(page, '09-merchant-dashboard');
    await page.context().close();
  });

  it('a wrong passcode shows the server message', async () => {
    const page = await newPage(browser);
    const email = 'consumer@demo.paywallet.local';
    const before = await outboxHead(email);
    await startWithEmail(page, email);
    await enterCode(page, email, before);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL('**/auth/login**');
    await page.getByLabel('Password', { exact: true }).fill('Consumer123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/auth/passcode-login**');
    await page.getByLabel('Passcode', { exact: true }).fill('9999');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('The passcode is incorrect. 4 attempts left.').first().isVisible()).toBe(true);
    await screenshot(page, '10-wrong-passcode');
    // The right passcode still works after one wrong try.
    await page.getByLabel('Passcode', { exact: true }).fill('1234');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await page.context().close();
  });

  it('a user resets the password and then the PIN with e-mailed codes, and signs in with both', async () => {
    expect(signedUpEmail).not.toBe('');
    const email = signedUpEmail;
    const page = await newPage(browser);
    let before = await outboxHead(email);
    await page.goto('/auth/send-otp');
    await page.getByLabel('Email').fill(email);
    await clickUntilUrl(page, 'Send', '**/auth/verify-otp**');
    await enterCode(page, email, before);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL('**/auth/login**');

    await page.getByRole('link', { name: 'Reset Password' }).click();
    await page.waitForURL('**/auth/verify-email-general**');
    before = await outboxHead(email);
    await clickUntilUrl(page, 'Confirm', '**/auth/reset-password**');
    await page.getByLabel('Password', { exact: true }).fill('Blossom2027');
    await page.getByLabel('Confirm Password').fill('Blossom2027');
    await enterCode(page, email, before);
    await screenshot(page, '11-reset-password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/auth/login**');
    // The reset screen has a Password field too, still shown a moment after the URL moved.
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Blossom2027');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/auth/passcode-login**');

    await page.getByRole('link', { name: 'Reset Pin' }).click();
    await page.waitForURL('**/auth/verify-email-general**');
    before = await outboxHead(email);
    await clickUntilUrl(page, 'Confirm', '**/auth/reset-pin**');
    await page.getByLabel('Passcode', { exact: true }).fill('7391');
    await page.getByLabel('Confirm Passcode').fill('7391');
    await enterCode(page, email, before);
    await screenshot(page, '12-reset-pin');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/auth/passcode-login**');
    // The reset screen has a Passcode field too, still shown a moment after the URL moved.
    await page.getByRole('heading', { name: 'Passcode Login' }).waitFor();
    await page.getByLabel('Passcode', { exact: true }).fill('7391');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await page.context().close();
  });

  it('the resend link appears when the 30 s countdown ends and a resend restarts it at 10 s with a new code', async () => {
    const page = await newPage(browser);
    // The page's clock is Playwright's: it runs in real time until the test moves it on, one
    // second at a time (each tick lets the countdown render and schedule the next), so the test
    // sees every state of the 30 s and 10 s countdowns without waiting them out.
    await page.clock.install();
    const tickSeconds = async (seconds: number) => {
      for (let second = 0; second < seconds; second += 1) await page.clock.runFor(1_000);
    };
    const email = `resend.${Date.now()}@example.com`;
    await startWithEmail(page, email);
    const first = await latestCode(email);
    await expect
      .poll(() =>
        page
          .getByText(/Resend code in 00:(2|3)\d/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Resend OTP' }).count()).toBe(0);
    await tickSeconds(15);
    await expect
      .poll(() =>
        page
          .getByText(/Resend code in 00:1\d/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Resend OTP' }).count()).toBe(0);
    await tickSeconds(16);
    await page.getByRole('button', { name: 'Resend OTP' }).click();
    await expect
      .poll(() =>
        page
          .getByText(/Resend code in 00:(10|0\d)/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    const second = await latestCode(email, first.id);
    expect(second.id).toBeGreaterThan(first.id);
    // The new code is the one that works (server tests cover the old one being replaced).
    await enterCode(page, email, first.id);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL('**/auth/signup**');
    await page.context().close();
  });
});
