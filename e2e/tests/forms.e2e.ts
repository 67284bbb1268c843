// The form kit on real screens, against the platform as `npm start` runs it: validation on
// input (a message shows while the user is still typing, before any blur or submit), the
// submit button disabled and loading while its call is in flight (a second Enter sends
// nothing), and the server's refusals shown under the field they are about. Ends with
// screenshots of the auth and money forms at desktop and phone width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { availableMinor, expectLedgerHolds, latestCode, launch, newPage, screenshot } from '../support/browser.ts';
import { CONSUMER, MERCHANT, clickUntilUrl, signInThroughApi } from '../support/sign-in.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The message under a field: the text of what its input is described by (Mantine's error). */
async function messageUnder(field: Locator): Promise<string> {
  return field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id: string) => input.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

async function isFocused(field: Locator): Promise<boolean> {
  return field.evaluate((input) => input === input.ownerDocument.activeElement);
}

/** The shell animates its navbar in and out when the width crosses a breakpoint. */
const LAYOUT_SETTLE_MS = 400;

async function shootBothWidths(page: Page, name: string): Promise<void> {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(LAYOUT_SETTLE_MS);
    await screenshot(page, `forms-${name}-${width}`);
  }
  await page.setViewportSize(DESKTOP);
}

/** A new address through send-otp and verify-otp to the sign-up form. */
async function reachSignup(page: Page, email: string): Promise<void> {
  await page.goto('/auth/send-otp');
  await page.getByLabel('Email').fill(email);
  await clickUntilUrl(page, 'Send', '**/auth/verify-otp**');
  const { code } = await latestCode(email);
  await page.getByLabel('OTP digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForURL('**/auth/signup**');
}

describe('the form kit on real screens', () => {
  let browser: Browser;
  let consumer: Page;
  beforeAll(async () => {
    browser = await launch();
    consumer = await newPage(browser);
    await signInThroughApi(consumer, CONSUMER);
  });
  afterAll(async () => browser?.close());

  it('shows an e-mail message while the user types, before blur or submit, and clears it when the address is whole', async () => {
    const page = await newPage(browser);
    await page.goto('/auth/send-otp');
    const email = page.getByLabel('Email');
    await email.click();
    await email.pressSequentially('nadia@');
    await expect.poll(() => messageUnder(email)).toBe('The email must be a valid email address');
    expect(await isFocused(email)).toBe(true);
    expect(page.url()).toContain('/auth/send-otp');
    await email.pressSequentially('example.com');
    await expect.poll(() => messageUnder(email)).toBe('');
    await page.context().close();
  });

  it('re-checks the confirm password when the password changes under it', async () => {
    const page = await newPage(browser);
    await reachSignup(page, `confirm.${Date.now()}@example.com`);
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm Password');
    await password.pressSequentially('Flowers2026');
    await confirm.pressSequentially('Flowers2026');
    await expect.poll(() => messageUnder(confirm)).toBe('');
    await password.fill('Flowers202');
    await expect.poll(() => messageUnder(confirm)).toBe('The confirm password and password must match');
    await password.fill('Flowers2026');
    await expect.poll(() => messageUnder(confirm)).toBe('');
    await page.context().close();
  });

  it('shows the server refusal of a phone already taken under the Phone field, and above the form', async () => {
    const page = await newPage(browser);
    await reachSignup(page, `taken.phone.${Date.now()}@example.com`);
    await page.getByLabel('First Name').fill('Nadia');
    await page.getByLabel('Last Name').fill('Karim');
    await page.getByLabel('Business Name').fill('Karim Flowers');
    await page.getByLabel('Password', { exact: true }).fill('Flowers2026');
    await page.getByLabel('Confirm Password').fill('Flowers2026');
    // The demo consumer's number (+971 509876543) with the default code +971.
    const phone = page.getByLabel('Phone');
    await phone.fill('509876543');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => messageUnder(phone)).toBe('The phone has already been taken.');
    expect(await page.locator('form').getByRole('alert').textContent()).toBe('The phone has already been taken.');
    expect(page.url()).toContain('/auth/signup');
    await shootBothWidths(page, 'signup-phone-taken');
    // Editing the phone clears the server's message: it was about the number typed before.
    await phone.pressSequentially('1');
    await expect.poll(() => messageUnder(phone)).toBe('');
    await page.context().close();
  });

  it('on send money: a non-numeric amount says so as typed; Send waits while pricing runs and a second Enter sends nothing', async () => {
    await consumer.goto('/app/send-money');
    await consumer.getByLabel('Email or Phone').fill(MERCHANT.email);
    await consumer.getByRole('button', { name: 'Send' }).click();
    await consumer.waitForURL('**/app/send-money/initiate**');
    const amount = consumer.getByLabel('Amount', { exact: true });
    await amount.click();
    await amount.pressSequentially('12a');
    await expect.poll(() => messageUnder(amount)).toBe('Only numeric characters are allowed');
    expect(await isFocused(amount)).toBe(true);
    await amount.fill('3');
    await expect.poll(() => messageUnder(amount)).toBe('');

    // Hold every envelope call in flight until released: the real server answers it after.
    const held: Request[] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const forwarded: Promise<void>[] = [];
    await consumer.route('**/api', (route) => {
      held.push(route.request());
      forwarded.push(released.then(() => route.continue()));
    });
    const send = consumer.getByRole('button', { name: 'Send' });
    await send.click();
    await expect.poll(() => send.getAttribute('data-loading')).toBe('true');
    expect(await send.isDisabled()).toBe(true);
    expect(await consumer.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    await amount.press('Enter');
    await consumer.waitForTimeout(500);
    expect(held.length).toBe(1);
    await screenshot(consumer, 'forms-send-money-pending');
    release();
    await Promise.all(forwarded);
    await consumer.unroute('**/api');
    await consumer.waitForURL('**/app/send-money/confirm**');
    expect(held.length).toBe(1);
  });

  it('on send money: an amount above the balance comes back from the server under the Amount field, and nothing moves', async () => {
    const before = await availableMinor(CONSUMER.email, 'AED');
    await consumer.goto('/app/send-money/initiate');
    const amount = consumer.getByLabel('Amount', { exact: true });
    // Above the balance, below the wallet-transfer maximum of 50,000.00 AED.
    await amount.fill('20000');
    await consumer.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => messageUnder(amount)).toBe('Insufficient balance.');
    expect(consumer.url()).toContain('/app/send-money/initiate');
    await shootBothWidths(consumer, 'send-money-refused');
    expect(await availableMinor(CONSUMER.email, 'AED')).toBe(before);
    await expectLedgerHolds();
  });

  it('screens: the auth forms at desktop and phone width', async () => {
    const page = await newPage(browser);
    const email = `screens.${Date.now()}@example.com`;
    await page.goto('/auth/send-otp');
    await page.getByLabel('Email').pressSequentially('screens@');
    await expect.poll(() => messageUnder(page.getByLabel('Email'))).not.toBe('');
    await shootBothWidths(page, 'send-otp-typing');
    await page.getByLabel('Email').fill(email);
    await clickUntilUrl(page, 'Send', '**/auth/verify-otp**');
    await shootBothWidths(page, 'verify-otp');
    // The e-mail is stored now: every other auth form opens on it.
    for (const screen of [
      'signup',
      'login',
      'set-passcode',
      'passcode-login',
      'verify-email-general',
      'reset-password',
      'reset-pin',
      'forget-password',
    ]) {
      await page.goto(`/auth/${screen}`);
      await page.getByRole('button').last().waitFor();
      await shootBothWidths(page, screen);
    }
    await page.context().close();
  });

  it('screens: the money forms at desktop and phone width', async () => {
    await consumer.goto('/app/send-money');
    await shootBothWidths(consumer, 'send-money');
    await consumer.getByLabel('Email or Phone').fill(MERCHANT.email);
    await consumer.getByRole('button', { name: 'Send' }).click();
    await consumer.waitForURL('**/app/send-money/initiate**');
    await consumer.getByLabel('Amount', { exact: true }).fill('2');
    await shootBothWidths(consumer, 'send-money-initiate');
    await consumer.getByRole('button', { name: 'Send' }).click();
    await consumer.waitForURL('**/app/send-money/confirm**');
    await shootBothWidths(consumer, 'send-money-confirm');

    await consumer.goto('/app/request-money/initiate');
    await expect
      .poll(
        () =>
          consumer
            .getByText(/Available balance/)
            .first()
            .isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    await shootBothWidths(consumer, 'request-money-initiate');

    await consumer.goto('/app/deposit-money');
    await expect.poll(() => consumer.getByText(/Fee/).first().isVisible()).toBe(true);
    await consumer.getByLabel('Amount', { exact: true }).fill('10x');
    await shootBothWidths(consumer, 'deposit-money');
    await consumer.getByLabel('Amount', { exact: true }).fill('20');
    await consumer.getByRole('button', { name: 'Submit' }).click();
    await consumer.waitForURL('**/app/deposit-money/initiate**');
    await consumer.getByLabel('Card Number').fill('4242 4242');
    await consumer.getByLabel('Exp Month').fill('1');
    await shootBothWidths(consumer, 'deposit-card');
    await expectLedgerHolds();
  });
});
