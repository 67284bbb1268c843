// Debian's Chromium (never a downloaded browser) driven by playwright-core.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** This worker's index (vitest numbers its workers from 1): which platform of global-setup it uses. */
export const workerIndex = (): number => Math.max(0, Number(process.env.VITEST_POOL_ID ?? 1) - 1);
/** The platform this test file runs against: its worker's own (support/global-setup.ts). */
export const baseUrl = (): string => {
  const urls = inject('baseUrls');
  return urls[workerIndex() % urls.length]!;
};
const shotsDir = path.resolve(import.meta.dirname, '../screenshots');

function chromiumPath(): string {
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error("Chromium is not installed: run `apt-get install chromium` (Debian's package).");
  }
}

const launched = new Set<Browser>();

/** The browsers this test file launched and has not closed: what failure-report.ts looks at. */
export function openBrowsers(): ReadonlySet<Browser> {
  return launched;
}

export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  launched.add(browser);
  browser.once('disconnected', () => launched.delete(browser));
  return browser;
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

export interface LedgerCheck {
  unbalancedCurrencies: unknown[];
  walletsOffTheirEntries: unknown[];
  negativeWallets: unknown[];
  entriesWithoutAccount: unknown[];
  orphanEntries: number;
  wallets: Array<{ id: number; code: string; available_balance: number; balance_on_hold: number; is_default: number }>;
}

/** The dev-only ledger check: invariants, and one user's stored balances. */
export async function ledgerCheck(email: string): Promise<LedgerCheck> {
  const response = await fetch(`${baseUrl()}/api/dev/ledger-check?email=${encodeURIComponent(email)}`);
  return ((await response.json()) as { data: LedgerCheck }).data;
}

/** Every money scenario ends here: entries sum to zero, balances equal entries, none below zero. */
export async function expectLedgerHolds(): Promise<void> {
  const check = await ledgerCheck('');
  if (
    check.unbalancedCurrencies.length ||
    check.walletsOffTheirEntries.length ||
    check.negativeWallets.length ||
    check.entriesWithoutAccount.length ||
    check.orphanEntries
  ) {
    throw new Error(`Ledger invariants broken: ${JSON.stringify(check)}`);
  }
}

export async function availableMinor(email: string, code: string): Promise<number> {
  const check = await ledgerCheck(email);
  const wallet = check.wallets.find((w) => w.code.trim() === code);
  if (!wallet) throw new Error(`${email} has no ${code} wallet`);
  return wallet.available_balance;
}
