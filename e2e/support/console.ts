// A browser on the operations console signed in as the demo administrator, at desktop width: the
// setup of the console's screen tests. `consoleAdminPage()` registers the file's beforeAll (launch
// Chromium, open a page, sign in through the API and wait for the console's first screen) and
// afterAll (close them), and gives the page. `overflowsSideways` is what the phone checks ask.
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_ADMIN } from './accounts.ts';
import { DESKTOP } from './axe.ts';
import { baseUrl, launch } from './browser.ts';
import { signInThroughApi } from './sign-in.ts';

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

/** Whether the page is wider than the window (a screen that does not fit a phone). */
export async function overflowsSideways(page: Page): Promise<boolean> {
  return (await page.evaluate('document.documentElement.scrollWidth > window.innerWidth + 1')) as boolean;
}
