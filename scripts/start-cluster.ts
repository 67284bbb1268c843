// `npm run start:cluster -- --nodes N [--port P]`: N server nodes on one PostgreSQL database
// behind a tiny round-robin proxy, to try what docs/scaling.md describes on one machine.
//
// - The database is DATABASE_URL, by default `postgres://postgres@127.0.0.1:5432/paywallet` on
//   the local server (created when missing).
// - Node i listens on port P + i (3001, 3002, ... by default) and runs the app as `npm start`
//   does (the compiled apps/server/dist/main.js, built when stale: the API, the web app, a job runner). Node 1 starts first
//   (it migrates and loads the demo data); the others start once it answers.
// - The proxy listens on P (3000 by default) and sends each request to the next node in turn:
//   no stickiness, so one browser's calls land on every node. A live stream stays on the node
//   that took it. Each node can also be called on its own port.
// - Ctrl-C (SIGINT) or SIGTERM stops the proxy and sends SIGTERM to every node, which drains
//   and stops as a single node does.
//
// For a try only: in production a real load balancer takes the proxy's place (docs/scaling.md).
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/paywallet';
const NODE_START_TIMEOUT_MS = 120_000;
const READY_POLL_MS = 250;
const repoRoot = path.resolve(import.meta.dirname, '..');

const { values } = parseArgs({
  options: { nodes: { type: 'string', default: '2' }, port: { type: 'string', default: process.env.PORT ?? '3000' } },
});
const nodeCount = Number(values.nodes);
const proxyPort = Number(values.port);
if (!Number.isInteger(nodeCount) || nodeCount < 1 || nodeCount > 16) throw new Error('--nodes takes a whole number from 1 to 16');
if (!Number.isInteger(proxyPort) || proxyPort < 1 || proxyPort + nodeCount > 65_535) throw new Error('--port takes a port number');
const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;

/** Creates the database named by the URL when the server has none of that name. */
async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a database name this script creates: ${name}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE "${name}"`);
      console.log(`created the database ${name}`);
    }
  } finally {
    await admin.end();
  }
}

const children: ChildProcess[] = [];

function startNode(index: number): ChildProcess {
  const port = proxyPort + index;
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${proxyPort}`,
    },
    // Node 1 prints the welcome (the demo sign-ins); the others' output would repeat it.
    stdio: ['ignore', index === 1 ? 'inherit' : 'ignore', 'inherit'],
  });
  child.once('exit', (code, signal) => {
    console.log(`node ${index} (port ${port}) exited (${signal ?? code})`);
    if (!stopping) stop(1);
  });
  children.push(child);
  return child;
}

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
}

async function waitUntilAnswers(index: number): Promise<void> {
  const deadline = Date.now() + NODE_START_TIMEOUT_MS;
  while (!(await answers(proxyPort + index))) {
    if (stopping) return;
    if (Date.now() > deadline) throw new Error(`node ${index} did not answer within ${NODE_START_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
}

/** The proxy: each request to the next node in turn, streamed both ways (live streams too). */
function startProxy(): http.Server {
  let next = 0;
  const server = http.createServer((request, response) => {
    const port = proxyPort + 1 + (next++ % nodeCount);
    const upstream = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end('The node did not answer.');
    });
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  server.listen(proxyPort);
  return server;
}

let stopping = false;
let proxy: http.Server | undefined;

function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  proxy?.close();
  proxy?.closeAllConnections();
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  let left = running.length;
  if (left === 0) process.exit(code);
  for (const child of running) {
    child.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(code);
    });
    child.kill('SIGTERM');
  }
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function main(): Promise<void> {
  await ensureDatabase(databaseUrl);
  startNode(1);
  await waitUntilAnswers(1);
  for (let index = 2; index <= nodeCount; index++) startNode(index);
  for (let index = 2; index <= nodeCount; index++) await waitUntilAnswers(index);
  if (stopping) return;
  proxy = startProxy();
  const ports = Array.from({ length: nodeCount }, (_, i) => proxyPort + 1 + i).join(', ');
  console.log(
    `\n${nodeCount} node(s) on ${new URL(databaseUrl).pathname.slice(1)}: ports ${ports}; round-robin proxy on http://localhost:${proxyPort}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  stop(1);
});
