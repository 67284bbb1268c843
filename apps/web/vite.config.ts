import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The API server runs on :3000 in development; the dev server forwards the API and the dev
// outbox to it so the app talks to one origin, exactly as it does when the server serves dist/.
const API_ORIGIN = 'http://localhost:3000';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside every text
 * file of the build, once, so the server sends them as they are (@fastify/static
 * `preCompressed`) instead of compressing on every request. A compressed copy that is not
 * smaller than its file is not written, and the server then sends the file itself.
 */
export function precompress(): Plugin {
  return {
    name: 'paywallet:precompress',
    apply: 'build',
    async writeBundle(output, bundle) {
      const dir = output.dir;
      if (!dir) throw new Error('precompress needs build.outDir');
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const raw = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * React Router 7 publishes a production build beside its development one, but its package
 * exports name only the development build, whose warnings for developers are kept behind a
 * constant set to true, so no minifier can drop them; its own framework plugin switches to the
 * production build, an app built with plain Vite has to do it itself. The two builds differ in
 * that constant only. The dev server keeps the development build and its warnings.
 */
export function reactRouterProduction(): Plugin {
  const production = (specifier: string) => {
    const file = fileURLToPath(import.meta.resolve(specifier)).replace(
      `${path.sep}dist${path.sep}development${path.sep}`,
      `${path.sep}dist${path.sep}production${path.sep}`,
    );
    if (!existsSync(file)) throw new Error(`React Router's production build is missing: ${file}`);
    return file;
  };
  return {
    name: 'paywallet:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: production('react-router') },
          { find: /^react-router\/dom$/, replacement: production('react-router/dom') },
        ],
      },
    }),
  };
}

export default defineConfig({
  plugins: [react(), reactRouterProduction(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '^/dev/': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the served build: they would publish the whole source. Debug with the
    // dev server (`npm run dev -w apps/web`), which has them.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // A screen loads only what it uses: libraries are split by use (the bundler's own
        // splitting, per lazy route), except three groups that are always loaded together:
        // - vendor-react: React, React DOM and the router, needed by every page and changed
        //   least often, so a deploy of the app leaves it cached;
        // - app: the rest of what the entry imports (providers, the route table, the API
        //   client with the contract's schemas, the auth layout), one chunk instead of several;
        // - form-core: react-hook-form and the form kit's common parts that every form screen
        //   loads; field kinds that pull more (selects, dates) stay with the screens using them.
        // The sign-in page's budget is 170 KB of brotli JavaScript (bench/web-weight.ts,
        // e2e/tests/bundle.e2e.ts).
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
            {
              name: 'form-core',
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]|[\\/]src[\\/](hooks[\\/]use-contract-form|components[\\/]form[\\/](text-field|form-actions|field-binding))\./,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
