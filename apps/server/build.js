// Compiles the server for `npm start`: one ES module, dist/main.js, bundled by esbuild from
// src/main.ts with the workspace packages (@paywallet/ledger, @paywallet/contract: TypeScript
// sources with `.ts` imports, which Node cannot load) inlined, and every package of
// node_modules left to Node to import at run time (they are installed next to it, and some read
// files beside their own code: pdfkit's fonts, swagger-ui-dist's assets). dist/ keeps the depth
// of src/, so paths found from import.meta.dirname (config.ts: the repository root, the web
// app's dist) are the same from either. Migrations are imported one by one (db/database.ts),
// so the bundle holds them all.
import console from 'node:console';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import * as esbuild from 'esbuild';

const serverDir = import.meta.dirname;
export const SERVER_ENTRY = path.join(serverDir, 'src/main.ts');
export const SERVER_BUNDLE = path.join(serverDir, 'dist/main.js');

/** Bare imports go to node_modules at run time, except our own workspace packages. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@paywallet/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  const started = performance.now();
  await esbuild.build({
    entryPoints: [SERVER_ENTRY],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    // Stack traces and logs keep the names of classes and functions (error classes are told apart by name).
    keepNames: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  return performance.now() - started;
}

if (process.argv[1] === import.meta.filename) {
  const ms = await buildServer();
  console.log(`Server compiled to ${path.relative(process.cwd(), SERVER_BUNDLE)} in ${(ms / 1000).toFixed(1)} s`);
}
