// Web weight benchmark (run by `npm run bench`, or alone: `npm run bench:web -w bench`): what a
// first visit to the sign-in page downloads. It builds the web app (when its sources changed),
// starts the platform on it as `npm start` does (compiled), opens /auth/send-otp in Debian's
// Chromium, and takes the scripts the page loaded. Each script is then fetched again as it goes
// over the wire with `Accept-Encoding: br`, `gzip` and `identity`, and the bytes of each answer
// are counted: so the figure is what the server really sends, compression included, not an
// estimate from the build.
// The hosted checkout page (/pay/<token>, its own bundle) is weighed the same way, on its own line.
// The figures are printed and appended to docs/benchmarks.md; the budget is 170 KB (brotli).
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { appendToBenchmarks } from './support.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const PAGE_PATH = '/auth/send-otp';
/** 1 KB = 1,000 bytes, as Vite and the browsers' devtools count. */
const BUDGET_BROTLI_BYTES = 170_000;
const SERVER_START_TIMEOUT_MS = 90_000;
const PAGE_TIMEOUT_MS = 30_000;
type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'identity'];

interface ScriptWeight {
  file: string;
  bytes: Record<Encoding, number>;
}

/** The platform on a spare port with a fresh PGlite folder and no demo data. */
async function startPlatform(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = 3800 + crypto.randomInt(90);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-web-'));
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      const removeData = () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (server.exitCode !== null || server.signalCode !== null) return removeData();
      server.once('exit', removeData);
      server.kill('SIGTERM');
    });
  const started = Date.now();
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error('The platform exited while starting');
      const up = await fetch(`${origin}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() - started > SERVER_START_TIMEOUT_MS) throw new Error('The platform did not start in time');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  } catch (error) {
    // A platform that did not come up is stopped too: left running, it would outlive the bench.
    await stop();
    throw error;
  }
  return { origin, stop };
}

interface FirstVisit {
  /** Every script loaded until the page shows and the network is quiet. */
  onLoad: string[];
  /** The scripts the first key press adds (the toast container, components/toaster.tsx). */
  afterFirstKey: string[];
  /** Every script of the hosted checkout page (/pay/<token>, its own bundle) until it shows. */
  checkout: string[];
}

/** A link token no link has: the checkout page loads the same scripts and says so. */
const CHECKOUT_PATH = '/pay/BenchNoSuchLinkBenchNoSuchLink00';

/** The scripts of a first visit to the page in Chromium: as it loads, then after the first key press in the e-mail field. */
async function firstVisit(origin: string): Promise<FirstVisit> {
  const executablePath = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    let scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${origin}${PAGE_PATH}`);
    await page.getByLabel('Email').waitFor();
    await page.waitForLoadState('networkidle');
    const onLoad = scripts;
    scripts = [];
    await page.getByLabel('Email').press('a');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const afterFirstKey = scripts;
    const checkoutPage = await browser.newPage();
    checkoutPage.setDefaultTimeout(PAGE_TIMEOUT_MS);
    const checkout: string[] = [];
    checkoutPage.on('request', (request) => {
      if (request.resourceType() === 'script') checkout.push(request.url());
    });
    await checkoutPage.goto(`${origin}${CHECKOUT_PATH}`);
    await checkoutPage.getByText('This payment link does not exist.').waitFor();
    await checkoutPage.waitForLoadState('networkidle');
    return { onLoad, afterFirstKey, checkout };
  } finally {
    await browser.close();
  }
}

/**
 * The bytes of the body the server sends for one Accept-Encoding (node:http does not
 * decompress). A file too small to gain from compression has no compressed copy and comes as
 * it is; any other encoding than the one asked for is an error.
 */
function wireBytes(url: string, encoding: Encoding): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => {
        const sent = response.headers['content-encoding'] ?? 'identity';
        if (response.statusCode !== 200) reject(new Error(`${url}: status ${response.statusCode}`));
        else if (sent !== encoding && sent !== 'identity') reject(new Error(`${url}: asked for ${encoding}, the server sent ${sent}`));
        else resolve(bytes);
      });
    });
    request.on('error', reject);
  });
}

async function weigh(urls: string[]): Promise<ScriptWeight[]> {
  const weights: ScriptWeight[] = [];
  for (const url of urls) {
    const bytes = { br: 0, gzip: 0, identity: 0 };
    for (const encoding of ENCODINGS) bytes[encoding] = await wireBytes(url, encoding);
    weights.push({ file: new URL(url).pathname.split('/').at(-1) ?? url, bytes });
  }
  return weights.sort((a, b) => b.bytes.br - a.bytes.br);
}

interface Weights {
  onLoad: ScriptWeight[];
  afterFirstKey: ScriptWeight[];
  checkout: ScriptWeight[];
}

async function measureSignInWeight(): Promise<Weights> {
  const { origin, stop } = await startPlatform();
  try {
    const visit = await firstVisit(origin);
    if (visit.onLoad.length === 0) throw new Error(`${PAGE_PATH} loaded no script`);
    return { onLoad: await weigh(visit.onLoad), afterFirstKey: await weigh(visit.afterFirstKey), checkout: await weigh(visit.checkout) };
  } finally {
    await stop();
  }
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const total = (weights: ScriptWeight[], encoding: Encoding) => weights.reduce((sum, w) => sum + w.bytes[encoding], 0);
const row = (file: string, w: Record<Encoding, number>) => `| ${file} | ${kb(w.br)} | ${kb(w.gzip)} | ${kb(w.identity)} |`;
const sums = (weights: ScriptWeight[]) => ({
  br: total(weights, 'br'),
  gzip: total(weights, 'gzip'),
  identity: total(weights, 'identity'),
});

function report({ onLoad, afterFirstKey, checkout }: Weights): {
  text: string;
  withinBudget: boolean;
} {
  const load = sums(onLoad);
  const later = sums(afterFirstKey);
  const pay = sums(checkout);
  const withinBudget = load.br <= BUDGET_BROTLI_BYTES;
  const lines = [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} GMT, commit ${commit()}: the sign-in page's JavaScript`,
    '',
    `A first visit to \`${PAGE_PATH}\` in Chromium loads ${onLoad.length} scripts: **${kb(load.br)} KB brotli**, ${kb(load.gzip)} KB gzip, ${kb(load.identity)} KB uncompressed (budget ${kb(BUDGET_BROTLI_BYTES)} KB brotli: ${withinBudget ? 'within' : 'OVER'}). The first key press adds ${afterFirstKey.length} (the toast container): ${kb(later.br)} KB brotli, ${kb(later.gzip)} KB gzip. Bytes as the server sends them; 1 KB = 1,000 bytes.`,
    '',
    '| script | brotli KB | gzip KB | uncompressed KB |',
    '|---|---|---|---|',
    ...onLoad.map((w) => row(w.file, w.bytes)),
    row('**total on load**', load),
    ...afterFirstKey.map((w) => row(`${w.file} (first key press)`, w.bytes)),
    '',
    `The hosted checkout page (\`/pay/<token>\`, its own bundle) loads ${checkout.length} script${checkout.length === 1 ? '' : 's'}: **${kb(pay.br)} KB brotli**, ${kb(pay.gzip)} KB gzip, ${kb(pay.identity)} KB uncompressed.`,
    '',
  ];
  return { text: lines.join('\n'), withinBudget };
}

async function main(): Promise<void> {
  // The web app and the server are rebuilt when their sources changed since the last build.
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    execFileSync(process.execPath, ['scripts/build.js', '--if-stale'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const { text, withinBudget } = report(await measureSignInWeight());
  console.log(`\n${text}`);
  if (process.env.BENCH_NO_WRITE !== '1') await appendToBenchmarks(`${text}\n`);
  if (!withinBudget) process.exitCode = 1;
}

await main();
