// Serving the built web app: the real production build (made once here, into a folder of this
// file's own) served by the real app. Each header and encoding is checked on what the server
// answers, and every compressed body is decompressed and compared with the file it stands for.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { HASHED_ASSET_CACHE_CONTROL, INDEX_CACHE_CONTROL } from './web-app.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const webDir = path.join(repoRoot, 'apps/web');
const BUILD_TIMEOUT_MS = 180_000;

/** Builds the web app as `npm run build` does, into `outDir`. */
function buildWebApp(outDir: string): void {
  execFileSync(path.join(repoRoot, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: webDir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The hosted checkout page, built on its own into the same folder (npm run build does both).
  execFileSync(
    path.join(repoRoot, 'node_modules/.bin/vite'),
    ['build', '--config', 'vite.pay.config.ts', '--outDir', outDir, '--logLevel', 'error'],
    { cwd: webDir, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  /** The entry script index.html names (the biggest file every page loads). */
  let entryScript: string;
  const indexHtml = () => fs.readFileSync(path.join(dist, 'index.html'));

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-web-dist-'));
    buildWebApp(dist);
    const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(indexHtml().toString())?.[1];
    if (!entry) throw new Error('index.html names no entry script');
    entryScript = entry;
    // A build with source maps (another config, a mistake) must still not publish them.
    fs.writeFileSync(path.join(dist, `${entryScript}.map`), '{"version":3,"sources":["secret.ts"]}');
    t = await createTestApp({ webDistDir: dist }, { demo: false });
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('builds without source maps and with a brotli and a gzip copy of every text file worth it', () => {
    // Proves the build step: no .map file is written, and each script, style sheet and the page
    // has its .br and .gz beside it (a few tiny files gain nothing and are left alone).
    const files = fs.readdirSync(path.join(dist, 'assets')).map((name) => `assets/${name}`);
    expect(files.filter((name) => name.endsWith('.map'))).toEqual([`${entryScript.slice(1)}.map`]); // only the one planted above
    const texts = ['index.html', ...files.filter((name) => /\.(js|css)$/.test(name))];
    const big = texts.filter((name) => fs.statSync(path.join(dist, name)).size > 1024);
    expect(big.length).toBeGreaterThan(10);
    for (const name of big) {
      expect(fs.existsSync(path.join(dist, `${name}.br`)), `${name}.br`).toBe(true);
      expect(fs.existsSync(path.join(dist, `${name}.gz`)), `${name}.gz`).toBe(true);
    }
  });

  it('sends a hashed script as brotli, gzip or as it is, whichever the browser accepts, cached for a year', async () => {
    // Proves preCompressed serving: the encoding follows Accept-Encoding (brotli preferred),
    // every body decompresses to the script itself, and hashed files are immutable for a year.
    const original = fs.readFileSync(path.join(dist, entryScript));
    const br = await get(entryScript, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe(HASHED_ASSET_CACHE_CONTROL);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(original.length / 2);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gzip = await get(entryScript, 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe(HASHED_ASSET_CACHE_CONTROL);
    expect(zlib.gunzipSync(gzip.rawPayload).equals(original)).toBe(true);

    const plain = await get(entryScript);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(HASHED_ASSET_CACHE_CONTROL);
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('sends index.html compressed and to be revalidated on every visit, for / and for every page of the app', async () => {
    // Proves the page: no-cache (never a stale list of chunks after a deploy), compressed, the
    // same document for the root and for deep links, and a 304 when it has not changed.
    const original = indexHtml();
    for (const url of ['/', '/auth/send-otp', '/app/transactions?page=2']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe(INDEX_CACHE_CONTROL);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(response.rawPayload).equals(original), url).toBe(true);
    }
    const gzip = await get('/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(original)).toBe(true);

    const first = await get('/', 'br');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers HEAD on /, on the pages of the app and on assets, with the headers of GET and no body', async () => {
    // Proves HEAD /: load balancers and uptime checks probe with it; it used to be a 404.
    for (const url of ['/', '/auth/send-otp', '/app']) {
      const head = await get(url, 'br', 'HEAD');
      const full = await get(url, 'br');
      expect(head.statusCode, url).toBe(200);
      expect(head.rawPayload.length, url).toBe(0);
      expect(head.headers['content-type'], url).toMatch(/^text\/html/);
      expect(head.headers['cache-control'], url).toBe('no-cache');
      expect(head.headers['content-encoding'], url).toBe('br');
      expect(head.headers['content-length'], url).toBe(full.headers['content-length']);
    }
    const asset = await get(entryScript, 'gzip', 'HEAD');
    expect(asset.statusCode).toBe(200);
    expect(asset.rawPayload.length).toBe(0);
    expect(asset.headers['cache-control']).toBe(HASHED_ASSET_CACHE_CONTROL);
    expect(asset.headers['content-encoding']).toBe('gzip');
  });

  it('publishes no source map and no compressed copy under its own name, and a missing asset is a 404, not the page', async () => {
    // Proves no public source maps (even one present in dist/ is not served), and that a chunk of
    // an old deploy is refused instead of answered with index.html (HTML as JavaScript).
    for (const url of [`${entryScript}.map`, `${entryScript}.br`, `${entryScript}.gz`, '/assets/index-gone1234.js']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await get(url, 'br, gzip', method);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers['content-type'], url).not.toMatch(/text\/html/);
        if (method === 'GET') expect(response.body, url).not.toContain('secret.ts');
      }
    }
  });

  it('serves the checkout page with its own small script for /pay/<token>, and the app elsewhere', async () => {
    // Proves the checkout is a page of its own: /pay/<token> answers pay.html, whose only script
    // is the checkout's (no chunk of the web app), compressed and cached like every asset.
    const page = await get('/pay/AbCdEf123456_-x', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe(INDEX_CACHE_CONTROL);
    const html = zlib.brotliDecompressSync(page.rawPayload).toString();
    expect(html).toBe(fs.readFileSync(path.join(dist, 'pay.html')).toString());
    const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/pay-/);
    expect(html).not.toContain(entryScript);
    const script = await get(scripts[0]!, 'br');
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe(HASHED_ASSET_CACHE_CONTROL);
    const body = zlib.brotliDecompressSync(script.rawPayload).toString();
    expect(body).toContain('pay-checkout');
    expect(body).not.toContain('get-dashboard-feature-list');
    // Other pages still get the app.
    const app = await get('/app/payment-links');
    expect(app.body).toBe(indexHtml().toString());
  });

  it('leaves the API its own 404s', async () => {
    // Proves the page fallback reads only GET and HEAD outside /api/: an unknown call is still a
    // named refusal, whatever the method.
    for (const [method, url] of [
      ['POST', '/api/v1/no-such-call'],
      ['GET', '/api/no-such-thing'],
      ['POST', '/app'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toMatchObject({ code: 404, reason: 'CALL_NOT_FOUND' });
    }
  });
});

describe('serving without a build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDistDir: path.join(os.tmpdir(), 'pw-no-such-dist') }, { demo: false });
  });
  afterAll(async () => t.close());

  it('says how to build the web app on / and on HEAD /', async () => {
    // Proves a fresh clone started before `npm run build` explains itself instead of a bare 404.
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('npm run build');
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
  });
});
