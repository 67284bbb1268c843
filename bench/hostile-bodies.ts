// Bench part 5: what huge hostile bodies do to everyone else. The platform runs in this process
// (buildApp and listen, as main.ts does) so that its event loop's delay can be sampled with
// perf_hooks' monitorEventLoopDelay; the load comes from another process (hostile-load.ts), so
// only the platform's own work is measured. Three phases of equal length: a probe alone (a small
// call every 20 ms); the probe while clients send register and reset-password bodies with a
// 1 MB password; the same with a 9-character one (the cost of the refusals themselves). Before
// the fix, one 80,000-character password held the loop for 7-10 s.
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { percentile } from './support.ts';

const PHASE_S = Number(process.env.BENCH_HOSTILE_S ?? 5);
const HOSTILE_CLIENTS = Number(process.env.BENCH_HOSTILE_CLIENTS ?? 4);
const repoRoot = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

export interface HostilePhase {
  name: string;
  hostileSent: number;
  /** HTTP status -> how many hostile bodies got it. */
  statuses: Record<string, number>;
  probes: number;
  probeP50Ms: number;
  probeP99Ms: number;
  loopP50Ms: number;
  loopP99Ms: number;
  loopMaxMs: number;
}

const ms = (nanoseconds: number) => nanoseconds / 1e6;

/** One phase: the load process for PHASE_S seconds while this process samples its loop. */
async function phase(name: string, baseUrl: string, hostileClients: number, passwordChars = 1024 * 1024): Promise<HostilePhase> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'bench/hostile-load.ts', baseUrl, String(PHASE_S), String(hostileClients), String(passwordChars)],
    {
      cwd: repoRoot,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  delay.disable();
  const load = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    hostileSent: number;
    statuses: Record<string, number>;
    probeMs: number[];
  };
  const probes = [...load.probeMs].sort((a, b) => a - b);
  return {
    name,
    hostileSent: load.hostileSent,
    statuses: load.statuses,
    probes: probes.length,
    probeP50Ms: percentile(probes, 50),
    probeP99Ms: percentile(probes, 99),
    loopP50Ms: ms(delay.percentile(50)),
    loopP99Ms: ms(delay.percentile(99)),
    loopMaxMs: ms(delay.max),
  };
}

/** Part 5 on a migrated and seeded database: the probe alone, then with the hostile bodies. */
export async function hostileBodiesPart(databaseUrl: string): Promise<HostilePhase[]> {
  const database = await openDatabase({ databaseUrl });
  const config = loadConfig(
    {},
    {
      production: true,
      botCheck: false,
      devOutbox: false,
      logLevel: 'error',
      dataDir: path.join(os.tmpdir(), 'pw-bench-hostile'),
      webDistDir: '/nonexistent',
    },
  );
  const { app } = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const quiet = await phase('5a. probe alone', baseUrl, 0);
    const loaded = await phase(`5b. probe while ${HOSTILE_CLIENTS} clients send 1 MB passwords`, baseUrl, HOSTILE_CLIENTS);
    // The same calls with a password of ordinary length: what the volume of refusals costs alone.
    const ordinary = await phase(`5c. probe while ${HOSTILE_CLIENTS} clients send 9-character passwords`, baseUrl, HOSTILE_CLIENTS, 9);
    return [quiet, loaded, ordinary];
  } finally {
    await app.close();
    await database.close();
  }
}

/** The lines of part 5 in docs/benchmarks.md. */
export function hostileReport(phases: HostilePhase[]): string[] {
  return [
    `Part 5, hostile bodies (${PHASE_S} s per phase; the platform in the bench process, the load in another; event loop delay sampled every 5 ms):`,
    '',
    '| phase | bodies sent | their answers | probe calls | probe p50 ms | probe p99 ms | loop delay p50 ms | loop delay p99 ms | loop delay max ms |',
    '|---|---|---|---|---|---|---|---|---|',
    ...phases.map(
      (p) =>
        `| ${p.name} | ${p.hostileSent} | ${
          Object.entries(p.statuses)
            .map(([status, count]) => `${count} × ${status}`)
            .join(', ') || '–'
        } | ${p.probes} | ${p.probeP50Ms.toFixed(2)} | ${p.probeP99Ms.toFixed(2)} | ${p.loopP50Ms.toFixed(2)} | ${p.loopP99Ms.toFixed(2)} | ${p.loopMaxMs.toFixed(2)} |`,
    ),
    '',
  ];
}
