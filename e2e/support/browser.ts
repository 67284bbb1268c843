// Debian's Chromium (never a downloaded browser) driven by playwright-core.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');
const shotsDir = path.resolve(import.meta.dirname, '../screenshots');

function chromiumPath(): string {
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error("Chromium is not installed: run `apt-get install chromium` (Debian's package).");
  }
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, baseURL: baseUrl() });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** The newest one-time code in the dev outbox for an address, waiting for it to arrive. */
export async function latestCode(email: string, after = 0): Promise<{ code: string; id: number }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${baseUrl()}/api/dev/outbox?email=${encodeURIComponent(email)}`);
    const body = (await response.json()) as { data: Array<{ id: number; text: string }> };
    const mail = body.data[0];
    const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
    if (mail && code && mail.id > after) return { code, id: mail.id };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No code arrived for ${email}`);
}

/** The id of the newest e-mail to an address now (0 when none), to wait for a newer one. */
export async function outboxHead(email: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/dev/outbox?email=${encodeURIComponent(email)}`);
  const body = (await response.json()) as { data: Array<{ id: number }> };
  return body.data[0]?.id ?? 0;
}
