// A server that is told to stop always stops, on the real server process (main.ts, as `npm
// start` runs it), each test with a process of its own, on PGlite (a data folder of its own) and
// on PostgreSQL (a scratch database), whichever the project runs on:
//  - SIGTERM under load: 30 clients send money between the demo consumer and the demo merchant
//    over keep-alive connections; every request the server received is answered (no 5xx, no
//    reset: a client connected and waiting to be accepted is served too), clients that come
//    after are refused a connection; the process exits 0 within the deadline, and when its data
//    is opened again every acknowledged transfer is there and the ledger's invariants hold;
//  - its stdout is not read any more (the pipe fills) or is closed (the reader went away): the
//    server keeps answering, drops log lines rather than wait, and exits 0 on SIGTERM;
//  - a second signal while the first stop waits on a request exits at once, saying so;
//  - a job that does not end (an SMTP server that never answers) is left to its lease.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TEnvelope } from '@paywallet/contract';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { checkLedgerInvariants } from './modules/ledger/invariants.ts';
import { type ScratchDatabase } from './test/scratch-database.ts';
import { demoDatabaseForProcess, removeSeededFolder } from './test/started-database.ts';
import { FORCED_EXIT_CODES, JOBS_STOP_MS_MAX, SHUTDOWN_DEADLINE_MS } from './plugins/graceful-shutdown.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const CLIENTS = 30;
const START_TIMEOUT_MS = 90_000;
/** Every test ends with its process exited: within the drain deadline and a margin for a loaded machine. */
const EXIT_BOUND_MS = SHUTDOWN_DEADLINE_MS + 5_000;
/** A test's whole time: starting the server (slow on a loaded machine), its scenario, the stop. */
const TEST_TIMEOUT_MS = START_TIMEOUT_MS + 60_000;
/** Load runs this long before SIGTERM, and at least this many transfers are confirmed. */
const LOAD_BEFORE_SIGTERM_MS = 1_500;
const CONFIRMED_BEFORE_SIGTERM_MIN = 20;
/** Requests with long paths, each logged at info on two or three lines of about 3 KB: megabytes of log. */
const LOGGED_REQUESTS = 1_000;
const LOGGED_PATH = `/api/no-such-call-${'x'.repeat(3_000)}`;
const PEOPLE = [
  { email: 'consumer@demo.paywallet.local', password: 'Consumer123', passcode: '1234' },
  { email: 'merchant@demo.paywallet.local', password: 'Merchant123', passcode: '1234' },
] as const;

const onPostgres = process.env.TEST_DB === 'postgres';
/** Every process started here: a test that times out never reaches its own clean-up, so afterAll kills what is left. */
const runningServers = new Set<ServerProcess>();
afterAll(async () => {
  await Promise.all([...runningServers].map((server) => server.cleanUp()));
  await removeSeededFolder();
});

/** One server process and what it wrote (stdout and stderr, as long as they are read). */
interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** Resolves when the process has exited: its code and when, in ms since the epoch. */
  exited: Promise<{ code: number | null; atMs: number }>;
  /** Stops reading stdout: the pipe fills once the server has written enough. */
  stopReadingStdout(): void;
  /** Kills the process if it still runs, and removes its data. */
  cleanUp(): Promise<void>;
  /** Where its data is: a folder for PGlite, a scratch database on PostgreSQL. */
  dataDir: string;
  scratch: ScratchDatabase | undefined;
}

async function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `condition` until it holds; fails with `what` and the server's output after `timeoutMs`. */
async function waitFor(condition: () => boolean, what: string, server: ServerProcess, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts main.ts as `npm start` does, on a copy of the demo template (a data folder or a scratch
 * database of its own, migrated and seeded: test/started-database.ts), and waits until it answers.
 */
async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await sparePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = await demoDatabaseForProcess('pw-shutdown');
  const { dataDir, scratch } = database;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.databaseUrl,
      PUBLIC_URL: baseUrl,
      BOT_CHECK: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; atMs: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, atMs: Date.now() })),
  );
  const server: ServerProcess = {
    child,
    baseUrl,
    output: () => output,
    exited,
    dataDir,
    scratch,
    stopReadingStdout() {
      child.stdout?.off('data', collect);
      child.stdout?.pause();
    },
    async cleanUp() {
      if (!runningServers.delete(server)) return;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      await database.remove();
    },
  };
  runningServers.add(server);
  const isUp = () =>
    fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
  const started = Date.now();
  try {
    while (!(await isUp())) {
      if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${output}`);
      if (Date.now() - started > START_TIMEOUT_MS) throw new Error(`the server did not start in time:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await server.cleanUp();
    throw error;
  }
  return server;
}

/** Sends SIGTERM and waits for the exit: its code and how long it took. */
async function stopWithSigterm(server: ServerProcess): Promise<{ code: number | null; afterMs: number }> {
  const sentAtMs = Date.now();
  server.child.kill('SIGTERM');
  const { code, atMs } = await server.exited;
  return { code, afterMs: atMs - sentAtMs };
}

interface Answer {
  status: number;
  envelope: TEnvelope<Record<string, unknown> | null>;
}
/** What one request came to: an HTTP answer, or the error of its connection. */
type Outcome = Answer | { error: string; reusedSocket: boolean };

function post(baseUrl: string, agent: http.Agent, callPath: string, body: unknown, token?: string): Promise<Outcome> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const request = http.request(
      `${baseUrl}/api/v1/${callPath}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { accesstoken: token } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              envelope: JSON.parse(Buffer.concat(chunks).toString('utf8')) as TEnvelope<Record<string, unknown> | null>,
            });
          } catch {
            resolve({ error: `unreadable answer (${response.statusCode})`, reusedSocket: request.reusedSocket });
          }
        });
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message, reusedSocket: request.reusedSocket }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, reusedSocket: request.reusedSocket }),
    );
    request.end(payload);
  });
}

/** The status of a GET, or the error of its connection. */
function get(agent: http.Agent, url: string): Promise<number | string> {
  return new Promise((resolve) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** LOGGED_REQUESTS requests, ten at a time on keep-alive connections: the statuses they got. */
async function sendLoggedRequests(server: ServerProcess): Promise<Map<number | string, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  const statuses = new Map<number | string, number>();
  try {
    for (let sent = 0; sent < LOGGED_REQUESTS; sent += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => get(agent, `${server.baseUrl}${LOGGED_PATH}`)));
      for (const status of batch) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  } finally {
    agent.destroy();
  }
  return statuses;
}

async function accepted(
  server: ServerProcess,
  agent: http.Agent,
  callPath: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const outcome = await post(server.baseUrl, agent, callPath, body, token);
  if ('error' in outcome || outcome.status !== 200) throw new Error(`${callPath} failed: ${JSON.stringify(outcome)}\n${server.output()}`);
  return outcome.envelope.data ?? {};
}

/** The full sign-in through the API: the code from the dev outbox, the password, the passcode. */
async function signIn(server: ServerProcess, agent: http.Agent, who: (typeof PEOPLE)[number]): Promise<string> {
  await accepted(server, agent, 'verify-email', { email: who.email });
  const outbox = (await (await fetch(`${server.baseUrl}/api/dev/outbox?email=${encodeURIComponent(who.email)}`)).json()) as {
    data: Array<{ text: string }>;
  };
  const otp = /\b(\d{6})\b/.exec(outbox.data[0]?.text ?? '')?.[1];
  if (!otp) throw new Error(`no code mailed to ${who.email}`);
  await accepted(server, agent, 'verify-otp', { email: who.email, otp });
  const login = await accepted(server, agent, 'login', { email: who.email, password: who.password });
  const passcode = await accepted(server, agent, 'passcode-login', { passcode: who.passcode }, String(login.accessToken));
  return String(passcode.accessToken);
}

/** The demo consumer's and merchant's tokens and AED wallets. */
async function signInBoth(server: ServerProcess): Promise<{ tokens: string[]; wallets: number[] }> {
  const setupAgent = new http.Agent({ keepAlive: false });
  const tokens: string[] = [];
  for (const who of PEOPLE) tokens.push(await signIn(server, setupAgent, who));
  const wallets: number[] = [];
  for (const token of tokens) {
    const list = (await accepted(server, setupAgent, 'get-wallet-list', {}, token)) as unknown as Array<{
      id: number;
      is_default: number;
      currency: { code: string };
    }>;
    wallets.push(list.find((wallet) => wallet.currency.code.trim() === 'AED' && wallet.is_default !== 2)!.id);
  }
  return { tokens, wallets };
}

/** The data a stopped server left behind, opened again: every acknowledged transfer is there, and the ledger balances. */
async function expectDataKept(server: ServerProcess, acknowledged: string[]): Promise<void> {
  const reopened: DatabaseHandle = await openDatabase(server.scratch ? { databaseUrl: server.scratch.url } : { dataDir: server.dataDir });
  try {
    const stored = await reopened.db.selectFrom('transactions').select('uuid').where('uuid', 'in', acknowledged).execute();
    expect(stored.length).toBe(acknowledged.length);
    const report = await checkLedgerInvariants(reopened.db);
    expect({
      unbalancedCurrencies: report.unbalancedCurrencies,
      walletsOffTheirEntries: report.walletsOffTheirEntries,
      negativeWallets: report.negativeWallets,
      entriesWithoutAccount: report.entriesWithoutAccount,
      orphanEntries: report.orphanEntries,
    }).toEqual({
      unbalancedCurrencies: [],
      walletsOffTheirEntries: [],
      negativeWallets: [],
      entriesWithoutAccount: [],
      orphanEntries: 0,
    });
  } finally {
    await reopened.close();
  }
}

describe('SIGTERM under load', () => {
  it(
    'answers every request it received, resets no connection, exits 0 and keeps every acknowledged transfer',
    async () => {
      // Proves the shutdown of the issue: 30 clients sending money, SIGTERM in the middle; no
      // 5xx, no reset (a client waiting to be accepted is served too), only refused connections
      // after the stop; exit code 0 within the deadline; every transfer a client was told about
      // is in the data, which balances.
      const server = await startServer();
      try {
        const { tokens, wallets } = await signInBoth(server);
        const answers: Array<{ call: string; status: number; reason?: string | undefined }> = [];
        const errors: Array<{ call: string; error: string; afterSigterm: boolean }> = [];
        const acknowledged: string[] = [];
        let sigtermAt = 0;
        let resentAfterIdleClose = 0;
        const clients = Array.from({ length: CLIENTS }, async (_, index) => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          const payer = index % 2;
          const payee = 1 - payer;
          const call = async (callPath: string, body: unknown): Promise<Answer | undefined> => {
            let outcome = await post(server.baseUrl, agent, callPath, body, tokens[payer]);
            // The one reset a server cannot rule out: a request written on a kept-alive
            // connection at the moment the drain closed it as idle (the race every HTTP/1.1
            // keep-alive client has; Node's documentation advises sending it again, see
            // request.reusedSocket). The server never read it; the drain makes it rare (the
            // connection must have been idle for a second). A reset of a new connection is
            // never sent again: it fails the test below.
            while ('error' in outcome && outcome.error === 'ECONNRESET' && outcome.reusedSocket && sigtermAt > 0) {
              resentAfterIdleClose++;
              outcome = await post(server.baseUrl, agent, callPath, body, tokens[payer]);
            }
            if ('error' in outcome) {
              errors.push({ call: callPath, error: outcome.error, afterSigterm: sigtermAt > 0 });
              return undefined;
            }
            answers.push({ call: callPath, status: outcome.status, reason: outcome.envelope.reason });
            return outcome;
          };
          // Until the server refuses the connection: every request either gets an answer or is refused.
          for (;;) {
            const quote = await call('initiate-send-money', {
              emailOrPhone: PEOPLE[payee]!.email,
              amount: 100 + index,
              payerAccountId: wallets[payer],
            });
            if (!quote) break;
            if (quote.status !== 200) continue;
            const confirmed = await call('confirm-send-money', { transactionHash: String(quote.envelope.data?.hash) });
            if (!confirmed) break;
            if (confirmed.status === 200) acknowledged.push(String(confirmed.envelope.data?.transactionId));
          }
          agent.destroy();
        });

        const loadStarted = Date.now();
        await waitFor(
          () => Date.now() - loadStarted >= LOAD_BEFORE_SIGTERM_MS && acknowledged.length >= CONFIRMED_BEFORE_SIGTERM_MIN,
          `the load confirming ${CONFIRMED_BEFORE_SIGTERM_MIN} transfers`,
          server,
          60_000,
        );
        sigtermAt = Date.now();
        const acknowledgedAtSigterm = acknowledged.length;
        const { code: exitCode, afterMs } = await stopWithSigterm(server);
        await Promise.all(clients);

        const serverErrors = answers.filter((answer) => answer.status >= 500);
        const resets = errors.filter((error) => error.error !== 'ECONNREFUSED');
        console.log(
          `${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${answers.length} answers (${acknowledged.length} transfers confirmed, ${acknowledged.length - acknowledgedAtSigterm} after SIGTERM), ` +
            `${errors.length - resets.length} connections refused after the stop, ${resets.length} reset, ${resentAfterIdleClose} sent again after an idle close, ${serverErrors.length} answers of 5xx; ` +
            `exit ${String(exitCode)} ${afterMs} ms after SIGTERM`,
        );
        expect({ serverErrors, resets, exitCode }).toEqual({ serverErrors: [], resets: [], exitCode: 0 });
        // The server's own account: no request it read lost its connection before the answer.
        const stopped = server
          .output()
          .split('\n')
          .filter((line) => line.includes('"stopped serving"'))
          .map((line) => JSON.parse(line) as { requestsUnanswered: number });
        expect(stopped).toEqual([expect.objectContaining({ requestsUnanswered: 0 })]);
        expect(errors.every((error) => error.afterSigterm)).toBe(true);
        expect(afterMs).toBeLessThan(EXIT_BOUND_MS);
        await expectDataKept(server, acknowledged);
      } finally {
        await server.cleanUp();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a log that cannot be written', () => {
  it(
    'keeps answering and exits 0 on SIGTERM when its stdout reader stops reading',
    async () => {
      // Proves the first hang of the issue: with LOG_LEVEL=info and megabytes of logged
      // requests, the pipe to a reader that stopped reading fills. pino's default stream kept
      // queueing and, on exit, retried the write every 100 ms for as long as the pipe stayed
      // full: the process never exited. Now lines are dropped (and counted) instead.
      const server = await startServer({ LOG_LEVEL: 'info' });
      try {
        server.stopReadingStdout();
        const statuses = await sendLoggedRequests(server);
        expect(Object.fromEntries(statuses)).toEqual({ 404: LOGGED_REQUESTS });
        const { code, afterMs } = await stopWithSigterm(server);
        expect({ code, withinBound: afterMs < EXIT_BOUND_MS }).toEqual({ code: 0, withinBound: true });
        // The pipe was full indeed: lines were dropped, and stderr (still read) says how many.
        expect(server.output()).toMatch(/\d+ log lines were dropped/);
      } finally {
        await server.cleanUp();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'keeps answering and exits 0 on SIGTERM when its stdout reader went away',
    async () => {
      // Proves the second: the reader closed its end, every write to stdout fails with EPIPE.
      // The server says so once on stderr, drops its log lines, serves on, and stops as asked.
      const server = await startServer({ LOG_LEVEL: 'info' });
      try {
        server.child.stdout?.destroy();
        const statuses = await sendLoggedRequests(server);
        expect(Object.fromEntries(statuses)).toEqual({ 404: LOGGED_REQUESTS });
        await waitFor(() => server.output().includes('cannot be written to stdout any more (EPIPE)'), 'the EPIPE notice', server);
        const { code, afterMs } = await stopWithSigterm(server);
        expect({ code, withinBound: afterMs < EXIT_BOUND_MS }).toEqual({ code: 0, withinBound: true });
      } finally {
        await server.cleanUp();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a stop that has to be forced', () => {
  it(
    'exits at once on a second signal, with 143 and a line saying so, while the first waits on a request',
    async () => {
      // Proves that a second SIGTERM is not ignored until the drain deadline: a request whose
      // body never comes holds the drain (it waits up to 10 s for it); the second signal ends
      // the process long before that.
      const server = await startServer();
      const stuck = net.connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
      try {
        await new Promise<void>((resolve) => stuck.once('connect', () => resolve()));
        stuck.on('error', () => {});
        stuck.write(
          'POST /api/v1/verify-email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
        );
        const firstAtMs = Date.now();
        server.child.kill('SIGTERM');
        await waitFor(() => server.output().includes('SIGTERM: shutting down'), 'the first stop under way', server);
        server.child.kill('SIGTERM');
        const { code, atMs } = await server.exited;
        // Well before the drain deadline the first signal would have waited for.
        expect({ code, beforeTheDeadline: atMs - firstAtMs < SHUTDOWN_DEADLINE_MS }).toEqual({
          code: FORCED_EXIT_CODES.SIGTERM,
          beforeTheDeadline: true,
        });
        expect(server.output()).toContain('SIGTERM again: exiting at once');
      } finally {
        stuck.destroy();
        await server.cleanUp();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'leaves a job that does not end to its lease and exits 0 (an SMTP server that never answers)',
    async () => {
      // Proves that a job in flight cannot hold the stop: the send-email job waits for an
      // SMTP server that greets and then never answers (nodemailer gives up after 20 s of
      // silence). The process exits after JOBS_STOP_MS_MAX, long before the job would end.
      let received = '';
      const smtp = net.createServer((socket) => {
        socket.on('error', () => {});
        socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
        socket.write('220 smtp.test ESMTP\r\n');
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
      const smtpPort = (smtp.address() as net.AddressInfo).port;
      const server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
      try {
        await accepted(server, new http.Agent({ keepAlive: false }), 'verify-email', { email: PEOPLE[0].email });
        await waitFor(() => /EHLO/.test(received), 'the send-email job talking to the SMTP server', server);
        const { code, afterMs } = await stopWithSigterm(server);
        expect({ code, withinBound: afterMs < EXIT_BOUND_MS }).toEqual({ code: 0, withinBound: true });
        expect(afterMs).toBeGreaterThanOrEqual(JOBS_STOP_MS_MAX);
        expect(server.output()).toContain('are left to their leases');
      } finally {
        await server.cleanUp();
        smtp.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
