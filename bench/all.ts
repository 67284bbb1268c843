// `npm run bench`: every benchmark, one after another, each in a process of its own (as it runs
// alone), stopping at the first that fails. Results are printed and appended to
// docs/benchmarks.md with the machine, the commit and the settings.
//
// `npm run bench -- --smoke` (or BENCH_SMOKE=1) is the smoke CI runs: every part with tiny counts,
// to prove the benches still run to the end (a platform that no longer starts, a call that
// changed, a loader that no longer fits the schema); its figures mean nothing and nothing is
// appended. A setting given in the environment wins over the smoke's.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
const SMOKE = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';

/** The benches in the order they run; each is also a script of its own (bench/package.json). */
const ALL_PARTS = ['web-weight.ts', 'start.ts', 'run.ts', 'list-export.ts', 'rollups.ts', 'ledger-export.ts', 'ledger-health.ts'];
/** Names given after the options run those benches alone: `npm run bench -- --smoke run.ts rollups.ts`. */
const chosen = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknown = chosen.filter((name) => !ALL_PARTS.includes(name));
if (unknown.length > 0) {
  console.error(`No such bench: ${unknown.join(', ')} (the benches: ${ALL_PARTS.join(', ')})`);
  process.exit(1);
}
const PARTS = chosen.length > 0 ? ALL_PARTS.filter((name) => chosen.includes(name)) : ALL_PARTS;

/** Counts small enough that every part runs in seconds; nothing is written to docs/benchmarks.md. */
const SMOKE_SETTINGS: Record<string, string> = {
  BENCH_NO_APPEND: '1',
  BENCH_NO_WRITE: '1',
  // run.ts, parts 1-4 (4p and 4p16 included) and their PGlite runs; part 5 (hostile-bodies.ts).
  BENCH_WALLETS: '20',
  BENCH_TRANSFERS: '40',
  BENCH_WARMUP: '5',
  BENCH_WORKERS: '4',
  BENCH_HIGH_WORKERS: '8',
  BENCH_PGLITE_TRANSFERS: '40',
  BENCH_PGLITE_WARMUP: '5',
  BENCH_HTTP_CLIENTS: '5',
  BENCH_HTTP_WARMUP: '5',
  BENCH_HTTP_TRANSFERS: '20',
  BENCH_CARD_PAYMENTS: '20',
  BENCH_OPEN_LOOP_S: '1',
  BENCH_HOSTILE_S: '1',
  BENCH_HOSTILE_CLIENTS: '1',
  // list-export.ts, rollups.ts, ledger-export.ts, ledger-health.ts.
  BENCH_LIST_ROWS: '2000',
  BENCH_ROLLUP_LIST_ROWS: '2000',
  BENCH_ROLLUP_DASHBOARD_ROWS: '4000',
  BENCH_PAGE_SAMPLES: '2',
  BENCH_COUNTED_SAMPLES: '1',
  BENCH_LEDGER_ROWS: '1000',
  BENCH_HEALTH_ENTRIES: '20000',
  // start.ts: one start with the builds up to date (a rebuild would take most of the smoke).
  BENCH_START_RUNS: '1',
  BENCH_START_STALE: '0',
};

const env = SMOKE ? { ...SMOKE_SETTINGS, ...process.env, BENCH_SMOKE: '1' } : process.env;
if (SMOKE) console.log('Bench smoke: every part with tiny counts; the figures mean nothing and are not written to docs/benchmarks.md.');

const started = performance.now();
for (const part of PARTS) {
  const partStarted = performance.now();
  console.log(`\n=== bench/${part}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', part)], { cwd: repoRoot, env, stdio: 'inherit' });
  const seconds = ((performance.now() - partStarted) / 1000).toFixed(1);
  if (run.status !== 0) {
    console.error(`bench/${part} failed after ${seconds} s (${run.signal ? `signal ${run.signal}` : `exit code ${run.status}`})`);
    process.exit(1);
  }
  console.log(`=== bench/${part} done in ${seconds} s`);
}
console.log(`\nEvery bench ran to the end in ${((performance.now() - started) / 1000).toFixed(1)} s${SMOKE ? ' (smoke)' : ''}.`);
