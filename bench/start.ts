// How long `npm start` takes to answer (issue 17: "a first answer within 10 s of `npm start` on
// an installed checkout"), end to end: from launching `node scripts/start.js` (what `npm start`
// runs) on a fresh data folder, with the embedded database and the demo data as on a first start,
// until GET /api/health answers 200.
//   - builds up to date: the usual start (BENCH_START_RUNS times, default 3);
//   - builds stale: the first start after an install or a pull, which builds the web app and the
//     server first (their outputs are dated back so that start.js finds them older than their
//     sources and rebuilds them, as a fresh checkout would; the rebuilt files are the same).
//     BENCH_START_STALE=0 leaves it out (the smoke does: a build takes most of its time).
// The server's own "Started in ..." line (its phases and CPU time) is printed beside each figure.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { machineLine, repoRoot, reportResults, resultsHeading } from './support.ts';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const WITH_STALE = process.env.BENCH_START_STALE !== '0';
const ANSWER_TIMEOUT_MS = 120_000;
/** The outputs start.js checks (scripts/build.js): dated back, they are older than every source. */
const BUILD_OUTPUTS = ['apps/web/dist/index.html', 'apps/web/dist/pay.html', 'apps/server/dist/main.js'].map((file) =>
  path.join(repoRoot, file),
);

interface StartRun {
  seconds: number;
  startedLine: string;
}

/** A free port on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Launches start.js on a fresh data folder and waits for its first 200 on /api/health; stops it. */
async function timeStart(): Promise<StartRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-start-bench-'));
  const port = await freePort();
  const environment: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  // A first start on a fresh machine: the embedded database and the demo data.
  delete environment.DATABASE_URL;
  delete environment.NODE_ENV;
  const launchedAt = performance.now();
  const server = spawn(process.execPath, ['scripts/start.js'], { cwd: repoRoot, env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`npm start exited (${server.exitCode}) before it answered:\n${output.slice(-2000)}`);
      const answered = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) break;
      if (performance.now() - launchedAt > ANSWER_TIMEOUT_MS)
        throw new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms:\n${output.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const seconds = (performance.now() - launchedAt) / 1000;
    return { seconds, startedLine: /Started in [^\n]*/.exec(output)?.[0] ?? '(no start line)' };
  } finally {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rows: string[] = [];
  const upToDate: number[] = [];
  // Built first when stale, so the runs below find the builds up to date.
  execFileSync(process.execPath, ['scripts/build.js', '--if-stale'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let run = 1; run <= RUNS; run++) {
    const result = await timeStart();
    upToDate.push(result.seconds);
    console.log(`   builds up to date, run ${run}: first answer after ${result.seconds.toFixed(2)} s; ${result.startedLine}`);
    rows.push(`| builds up to date, run ${run} | ${result.seconds.toFixed(2)} | ${result.startedLine} |`);
  }
  if (WITH_STALE) {
    const past = new Date('2000-01-01T00:00:00Z');
    for (const output of BUILD_OUTPUTS) if (fs.existsSync(output)) fs.utimesSync(output, past, past);
    const result = await timeStart();
    console.log(`   builds stale (first start after an install): first answer after ${result.seconds.toFixed(2)} s; ${result.startedLine}`);
    rows.push(`| builds stale: the web app and the server built first | ${result.seconds.toFixed(2)} | ${result.startedLine} |`);
  }
  const sorted = [...upToDate].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  await reportResults([
    '',
    resultsHeading('npm start: the first answer'),
    '',
    machineLine(
      `From launching \`node scripts/start.js\` (what \`npm start\` runs) on a fresh data folder (embedded PGlite, the demo data seeded) to the first 200 of GET /api/health; the goal is 10 s on an installed checkout. Median with builds up to date: ${median.toFixed(2)} s.`,
    ),
    '',
    '| start | first answer, s | the server’s own account |',
    '|---|---|---|',
    ...rows,
    '',
  ]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
