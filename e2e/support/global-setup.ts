// Starts the platform on a spare port with a fresh data folder and the bot check on, exactly
// as `npm start` runs it after the build, and stops it when the run ends.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.E2E_PORT ?? 3123);
const START_TIMEOUT_MS = 90_000;

let server: ChildProcess | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-e2e-'));
  const baseUrl = `http://127.0.0.1:${PORT}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The platform exited while starting:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > START_TIMEOUT_MS) throw new Error(`The platform did not start in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  project.provide('baseUrl', baseUrl);
}

export async function teardown(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((resolve) => {
    const timer = setTimeout(() => {
      server?.kill('SIGKILL');
      resolve(undefined);
    }, 10_000);
    server?.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
