// Serves the built web app: its files, and index.html for every other page (GET or HEAD) so the
// router decides what to show. Without a build, a page says how to make one.
//
// - Compression: the build writes a brotli and a gzip copy beside each text file
//   (apps/web/vite.config.ts); the best one the browser accepts is sent as it is
//   (`preCompressed`), with `Vary: Accept-Encoding`. Nothing is compressed per request.
// - Caching: files under /assets/ have the content's hash in their name, so a browser keeps
//   them a year without asking again; index.html names the current ones, so it is revalidated
//   on every visit (`no-cache`, answered 304 by its ETag when unchanged).
// - Source maps are not built; any that a build leaves in dist/ are not served, and neither are
//   the compressed copies under their own names.
// - The hosted checkout (/pay/<token>) is a page of its own: pay.html and its own small bundle
//   (apps/web/vite.pay.config.ts), with none of the back-office's code.
// - A missing file under /assets/ is a 404, not index.html: a page of an old deploy asking for a
//   chunk that is gone gets an error it can report, never HTML as JavaScript.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { failure, refusalEnvelope } from '../transport/errors.ts';
import { sendEnvelope } from '../transport/http.ts';

export const ASSETS_URL_PREFIX = '/assets/';
export const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const INDEX_CACHE_CONTROL = 'no-cache';
export const CHECKOUT_PAGE_PREFIX = '/pay/';
const NOT_SERVED_GLOBS = ['**/*.br', '**/*.gz', '**/*.map'];

export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.get('/', async (_request, reply) =>
      reply.type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).'),
    );
    return;
  }
  const assetsDir = path.join(webDistDir, ASSETS_URL_PREFIX);
  const hasCheckoutPage = fs.existsSync(path.join(webDistDir, 'pay.html'));
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    globIgnore: NOT_SERVED_GLOBS,
    // Called with the file actually sent: `x.js.br` for `x.js` when brotli was chosen.
    setHeaders: (response, filePath) => {
      response.setHeader('Cache-Control', filePath.startsWith(assetsDir) ? HASHED_ASSET_CACHE_CONTROL : INDEX_CACHE_CONTROL);
      response.setHeader('Vary', 'Accept-Encoding');
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const readsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!readsPage || request.url.startsWith('/api/') || request.url.startsWith(ASSETS_URL_PREFIX)) {
      return sendEnvelope(reply, refusalEnvelope(failure('CALL_NOT_FOUND')));
    }
    const page = hasCheckoutPage && request.url.startsWith(CHECKOUT_PAGE_PREFIX) ? 'pay.html' : 'index.html';
    return reply.code(200).type('text/html; charset=utf-8').sendFile(page);
  });
}
