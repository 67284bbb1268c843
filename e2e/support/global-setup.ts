// Starts the platform with a fresh data folder and the bot check on, exactly as `npm start`
// runs it: compiled (apps/server/dist/main.js), the web app and the server rebuilt first if their
// sources changed since the last build (scripts/build.js --if-stale). Once per worker
// (E2E_WORKERS, default 2): test files run in parallel, each worker on a platform of its own (its
// port E2E_PORT + 1000 x its index), so files never share accounts, balances or the sign-in code
// limits. Stopped when the run ends.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.E2E_PORT ?? 3123);
/** Test files run in this many workers at once, each against a platform of its own. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const START_TIMEOUT_MS = 90_000;

const servers: ChildProcess[] = [];

export async function setup(project: TestProject): Promise<void> {
  // What `npm start` runs: a browser file run alone after an edit tests the edit, not the last build.
  // Without vitest's NODE_ENV=test: Vite keeps a NODE_ENV it finds, and 'test' built React's
  // development bundle (StrictMode running effects twice), where the administrator's sign-in
  // landed on a 404 page instead of the console.
  const buildEnv = { ...process.env };
  delete buildEnv.NODE_ENV;
  execFileSync(process.execPath, ['scripts/build.js', '--if-stale'], {
    cwd: repoRoot,
    env: buildEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = await Promise.all(Array.from({ length: E2E_WORKERS }, (_, index) => startPlatform(PORT + 1000 * index)));
  project.provide(
    'baseUrls',
    started.map((platform) => platform.baseUrl),
  );
  // Sessions the API sign-in fixture reuses across the test files of one worker (support/sign-in.ts).
  project.provide(
    'sessionCacheFiles',
    started.map((platform) => path.join(platform.dataDir, 'e2e-sessions.json')),
  );
}

/** Whether something already listens on the port (a platform left running by an earlier run). */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect({ port, host: '127.0.0.1' });
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

async function startPlatform(port: number): Promise<{ baseUrl: string; dataDir: string }> {
  // A process left listening on the port would answer the health check in place of ours (its
  // own code and data): every file then fails on sign-in, far from the cause. Refuse at once.
  if (await portTaken(port)) {
    throw new Error(`Port ${port} is already in use (a platform left running by an earlier run?): stop it, or set E2E_PORT.`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // Journeys that send several codes to one e-mail need not wait out the 10 s gap (server
      // tests hold the rule itself); the 5 codes per 15 min per e-mail still apply.
      OTP_RESEND_GAP_S: '0',
      // Every journey signs in or up from 127.0.0.1: the whole suite asks for more than 30 codes
      // within 15 minutes, which the per-IP limit (server tests hold it) would refuse.
      OTP_SENDS_PER_IP: '1000',
      // The breach-notice test changes a stored balance behind the ledger's back (a dev route
      // off unless asked for: ledger-health.e2e.ts).
      DEV_LEDGER_BREACH: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(server);
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The platform exited while starting:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok && server.exitCode === null) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > START_TIMEOUT_MS) throw new Error(`The platform did not start in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { baseUrl, dataDir };
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map(stopPlatform));
}

async function stopPlatform(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      resolve(undefined);
    }, 10_000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
    sessionCacheFiles: string[];
  }
}
