// Builds what `npm start` runs: the web app (Vite, into apps/web/dist) and the compiled server
// (esbuild, apps/server/dist/main.js: apps/server/build.js). Plain JavaScript, so that running it
// needs no TypeScript loader.
//   node scripts/build.js             builds both (`npm run build`)
//   node scripts/build.js --if-stale  builds only what is missing or older than its sources
//                                     (the browser tests and the bench; `npm start` through start.js)
// "Older" compares modification times: a source file, the lock file or a build setting changed
// after the output was written. A checkout or pull that changes a file gives it a new time.
import { execFileSync } from 'node:child_process';
import console from 'node:console';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { buildServer, SERVER_BUNDLE } from '../apps/server/build.js';

const root = path.resolve(import.meta.dirname, '..');
const at = (...parts) => path.join(root, ...parts);
const SHARED_SOURCES = [at('packages/ledger/src'), at('packages/contract/src'), at('package-lock.json')];

const targets = [
  {
    name: 'web app',
    outputs: [at('apps/web/dist/index.html'), at('apps/web/dist/pay.html')],
    sources: [
      ...SHARED_SOURCES,
      ...['src', 'index.html', 'pay.html', 'vite.config.ts', 'vite.pay.config.ts', 'package.json', 'tsconfig.json'].map((f) =>
        at('apps/web', f),
      ),
    ],
    build: async () => {
      const started = performance.now();
      execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
      return performance.now() - started;
    },
  },
  {
    name: 'server',
    outputs: [SERVER_BUNDLE],
    sources: [...SHARED_SOURCES, at('apps/server/src'), at('apps/server/build.js'), at('apps/server/package.json')],
    build: buildServer,
  },
];

/** The newest modification time among files (folders are walked), in ms. */
function newestMtimeMs(paths) {
  let newest = 0;
  for (const p of paths) {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) continue;
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    for (const entry of fs.readdirSync(p, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** Why `target` needs building, or undefined when its outputs are newer than every source. */
function staleness(target) {
  const outputTimes = target.outputs.map((file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs);
  if (outputTimes.some((time) => time === undefined)) return 'not built yet';
  return newestMtimeMs(target.sources) > Math.min(...outputTimes) ? 'sources changed since the last build' : undefined;
}

/** Builds every target, or with `ifStale` only those missing or older than their sources. */
export async function build({ ifStale }) {
  for (const target of targets) {
    const reason = ifStale ? staleness(target) : 'asked for';
    if (reason === undefined) {
      console.log(`The ${target.name} is up to date: not rebuilt.`);
      continue;
    }
    console.log(`Building the ${target.name} (${reason})...`);
    const ms = await target.build();
    console.log(`Built the ${target.name} in ${(ms / 1000).toFixed(1)} s.`);
  }
}

if (process.argv[1] === import.meta.filename) await build({ ifStale: process.argv.includes('--if-stale') });
