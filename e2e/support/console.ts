// A browser on the operations console signed in as the demo administrator, at desktop width: the
// setup of the console's screen tests. `consoleAdminPage()` registers the file's beforeAll (launch
// Chromium, open a page, sign in through the API and wait for the console's first screen) and
// afterAll (close them), and gives the page; `merchantAndAdminPages()` does the same for the demo
// merchant and administrator side by side. `overflowsSideways` is what the phone checks ask.
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DEMO_ADMIN } from './accounts.ts';
import { DESKTOP } from './axe.ts';
import { baseUrl, launch } from './browser.ts';
import { MERCHANT, signInThroughApi } from './sign-in.ts';

/** The console's first screen, which a signed-in administrator lands on. */
export const CONSOLE_LANDING = { path: '/', text: 'Review the stores' };

export interface ConsolePage {
  /** The signed-in page (after the file's beforeAll). */
  readonly page: Page;
}

export function consoleAdminPage(): ConsolePage {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launch();
    context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInThroughApi(page, DEMO_ADMIN, { landing: CONSOLE_LANDING });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });
  return {
    get page() {
      if (!page) throw new Error('the console page opens in the file’s beforeAll');
      return page;
    },
  };
}

/**
 * How long a width check waits for the layout to come to rest: just after a resize the shell's
 * navbar padding still slides (AppShell's transition), so the page is read again until it fits.
 */
const SETTLED = { timeout: 10_000, message: 'the page scrolls sideways once it has settled' };

/** Whether the page is wider than the window (a screen that does not fit a phone). */
export async function overflowsSideways(page: Page): Promise<boolean> {
  return (await page.evaluate('document.documentElement.scrollWidth > window.innerWidth + 1')) as boolean;
}

/** The page fits its window's width once its layout has settled (the phone-width check). */
export async function expectFitsWidth(page: Page, what?: string): Promise<void> {
  const message = what === undefined ? SETTLED.message : `${what}: ${SETTLED.message}`;
  await expect.poll(() => overflowsSideways(page), { ...SETTLED, message }).toBe(false);
}

/** The demo merchant and the demo administrator side by side (the money desk's tests). */
export interface MerchantAndAdmin {
  readonly browser: Browser;
  readonly merchant: Page;
  readonly admin: Page;
  /** The merchant's full-stage token, for API calls made as the merchant. */
  readonly merchantToken: string;
  readonly adminToken: string;
}

/**
 * Registers the file's beforeAll (launch Chromium, a desktop page each for the demo merchant and
 * the demo administrator, both signed in through the API) and afterAll (close the browser), and
 * gives them. `acceptDownloads` lets the merchant's page receive exports.
 */
export function merchantAndAdminPages(options: { acceptDownloads?: boolean } = {}): MerchantAndAdmin {
  let signedIn: MerchantAndAdmin | undefined;
  beforeAll(async () => {
    const browser = await launch();
    const open = async (acceptDownloads: boolean) => {
      const page = await (await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), acceptDownloads })).newPage();
      page.setDefaultTimeout(20_000);
      return page;
    };
    const merchant = await open(options.acceptDownloads ?? false);
    const merchantToken = await signInThroughApi(merchant, MERCHANT);
    const admin = await open(false);
    const adminToken = await signInThroughApi(admin, DEMO_ADMIN, { landing: CONSOLE_LANDING });
    signedIn = { browser, merchant, admin, merchantToken, adminToken };
  });
  afterAll(async () => {
    await signedIn?.browser.close();
  });
  const get = (): MerchantAndAdmin => {
    if (!signedIn) throw new Error('the pages open in the file’s beforeAll');
    return signedIn;
  };
  return {
    get browser() {
      return get().browser;
    },
    get merchant() {
      return get().merchant;
    },
    get admin() {
      return get().admin;
    },
    get merchantToken() {
      return get().merchantToken;
    },
    get adminToken() {
      return get().adminToken;
    },
  };
}

/** The console's bell in its banner, and the panel it opens. */
export function consoleBell(page: Page): { bell: Locator; panel: Locator } {
  return {
    bell: page.getByRole('banner').getByRole('button', { name: /^Notifications/ }),
    panel: page.getByRole('dialog', { name: 'Notifications' }),
  };
}

/** Reads every notification (another test file on this platform may have left some), so a test starts from nothing unread. */
export async function readAllNotifications(page: Page): Promise<void> {
  const { bell, panel } = consoleBell(page);
  await bell.waitFor();
  await bell.click();
  await panel.waitFor();
  const readAll = panel.getByRole('button', { name: 'Read all notifications' });
  await page.waitForFunction('!document.querySelector(\'[aria-busy="true"]\')', undefined, { timeout: 20_000 });
  if (await readAll.isEnabled()) {
    await readAll.click();
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notifications');
  }
  await bell.click();
  await panel.waitFor({ state: 'hidden' });
}
