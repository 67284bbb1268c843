// Stopping the HTTP server without dropping a request (SIGTERM under load):
//  1. accept what is already waiting: connections the kernel completed but the server has not
//     accepted yet (the listen backlog) are accepted and served. Node accepts one connection per
//     turn of the event loop, and on PGlite a turn can take a tenth of a second, so under load
//     several clients wait there, their requests written. Closing the listener at once made the
//     kernel reset every one of them (13 in-flight requests in one run of three). The listener
//     stays open until a turn of the event loop finds nothing waiting (at most
//     ACCEPT_BACKLOG_MS_MAX); meanwhile answers keep their connections alive, so no client is
//     sent to connect again while the listener still accepts;
//  2. stop accepting (the listening socket closes: a new client is refused) and, from that
//     moment, answer every request with `Connection: close`, so the client sends nothing more
//     on that connection and the socket ends after the answer; a request that arrives meanwhile
//     on an open keep-alive connection is answered the same way (not refused with Fastify's
//     default 503);
//  3. close the keep-alive connections that stay idle: one without a request in progress for
//     IDLE_GRACE_MS, and through a whole I/O poll since it became idle. Not at once, as Node's
//     server.close() does: a client may have written its next request on an idle connection a
//     moment ago, before the server read it, and cutting that connection resets the client's
//     request. Such a request is read by the next poll, so it is answered;
//  4. after the deadline, whatever is still open is cut, so a stuck request cannot hold the
//     process past it.
// main.ts then stops the job runner and closes the database, under stopOnSignals (at the end of
// this file): the process always exits, and a second signal exits at once.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { stdoutLog } from './logging.ts';

/** How long the requests in flight get to finish before their connections are cut. */
export const SHUTDOWN_DEADLINE_MS = 10_000;
/** A keep-alive connection idle this long while draining has no request on its way: it is closed. */
export const IDLE_GRACE_MS = 1_000;
/**
 * The listener stays open at most this long after the stop signal to accept the connections
 * already waiting (one per turn of the event loop): a backlog that does not empty by then (new
 * clients keep coming) is cut, and its clients see a reset.
 */
export const ACCEPT_BACKLOG_MS_MAX = 5_000;
const DRAIN_TICK_MS = 25;

/**
 * Once the requests are answered, the jobs in flight get this long to finish. A job still
 * running then is left to its lease: it runs again on another node or at the next start, as a
 * job of a node that died does (docs/jobs.md).
 */
export const JOBS_STOP_MS_MAX = 3_000;
/** Past the drain deadline, the rest of the stop (jobs, database) gets this long; then the process exits anyway. */
export const STOP_AFTER_DEADLINE_MS_MAX = 5_000;
/** The last log lines get this long to reach stdout before the process exits. */
export const LOG_FLUSH_MS_MAX = 1_000;
/** Exit codes of a stop that had to be forced: 128 + the signal's number, as a shell reports a process killed by it. */
export const FORCED_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
/** The exit code when the stop outlived its deadline, or failed. */
export const STOP_FAILED_EXIT_CODE = 1;

interface ConnectionState {
  requestsInProgress: number;
  idleSinceMs: number;
  /** The sweep count when the connection became idle (see closeConnectionsIdleFor). */
  idleSinceSweep: number;
}

/**
 * Node's HTTP server, with its connections tracked so the drain can tell an idle connection
 * that may be about to carry a request from one that has been idle for a while.
 */
export class DrainableServer extends http.Server {
  /** Every open connection and whether a request is in progress on it. */
  readonly openConnections = new Map<Socket, ConnectionState>();
  /** Requests whose connection closed before their answer was written out: none, when the drain works. */
  requestsUnanswered = 0;
  /** Connections accepted since the server started (the drain watches it to see the backlog empty). */
  connectionsAccepted = 0;
  private sweeps = 0;

  constructor(handler: http.RequestListener) {
    super(handler);
    this.on('connection', (socket: Socket) => {
      this.connectionsAccepted++;
      this.openConnections.set(socket, { requestsInProgress: 0, idleSinceMs: Date.now(), idleSinceSweep: this.sweeps });
      socket.once('close', () => this.openConnections.delete(socket));
    });
    this.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
      const state = this.openConnections.get(request.socket);
      if (!state) return;
      state.requestsInProgress++;
      response.once('close', () => {
        if (!response.writableFinished) this.requestsUnanswered++;
        state.requestsInProgress--;
        state.idleSinceMs = Date.now();
        state.idleSinceSweep = this.sweeps;
      });
    });
  }

  /**
   * Node's close() calls this to cut every idle keep-alive connection at once. The drain
   * closes them after a grace instead (closeConnectionsIdleFor), so this does nothing.
   */
  override closeIdleConnections(): void {}

  /**
   * Closes the connections that have had no request in progress for `graceMs`, and through a
   * whole I/O poll: called once per turn of the event loop at most (in its check phase), so two
   * sweeps after a connection became idle, a poll has run that started after it did, and has read
   * any request the client had written by then. Time alone is not enough when one turn of the
   * event loop lasts longer than the grace.
   */
  closeConnectionsIdleFor(graceMs: number): void {
    this.sweeps++;
    const now = Date.now();
    for (const [socket, state] of this.openConnections) {
      const idle = state.requestsInProgress === 0 && now - state.idleSinceMs >= graceMs && this.sweeps - state.idleSinceSweep >= 2;
      if (idle) socket.destroy();
    }
  }

  /**
   * Resolves once a turn of the event loop has accepted no connection: its I/O poll found the
   * listen backlog empty (Node accepts one waiting connection per turn, so a turn without one
   * means none was waiting), or after `timeoutMs`. Each check runs in the check phase, right
   * after a poll.
   */
  backlogAccepted(timeoutMs: number): Promise<void> {
    const giveUpAtMs = Date.now() + timeoutMs;
    return new Promise((resolve) => {
      let acceptedBefore = this.connectionsAccepted;
      const check = () => {
        const acceptedNone = this.connectionsAccepted === acceptedBefore;
        if (acceptedNone || Date.now() >= giveUpAtMs) return resolve();
        acceptedBefore = this.connectionsAccepted;
        setImmediate(check);
      };
      // The first check is in this turn's check phase; the poll it judges comes before the second.
      setImmediate(() => {
        acceptedBefore = this.connectionsAccepted;
        setImmediate(check);
      });
    });
  }
}

/** Fastify's serverFactory: the app is served by a DrainableServer. */
export function drainableServer(handler: http.RequestListener): DrainableServer {
  return new DrainableServer(handler);
}

export interface HttpDrain {
  /**
   * Stops serving as above; resolves once every connection is closed. `forced`: the deadline cut
   * some; `requestsUnanswered`: requests the server read whose connection closed before their
   * answer was written out (over the server's life, so a client that hung up counts too).
   */
  close(deadlineMs?: number): Promise<{ forced: boolean; requestsUnanswered: number }>;
}

/** Register before the server starts (the app must be served by a DrainableServer); close() on a stop signal. */
export function registerGracefulShutdown(app: FastifyInstance): HttpDrain {
  let closingConnections = false;
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closingConnections) reply.header('connection', 'close');
    return payload;
  });
  return {
    async close(deadlineMs = SHUTDOWN_DEADLINE_MS) {
      const server = app.server as DrainableServer;
      let forced = false;
      const deadline = setTimeout(() => {
        forced = true;
        server.closeAllConnections();
      }, deadlineMs);
      await server.backlogAccepted(Math.min(ACCEPT_BACKLOG_MS_MAX, deadlineMs));
      // The listener closes in the same tick as the first Connection: close is set, so a client
      // told to close that connects again is refused, never accepted into a closing backlog.
      closingConnections = true;
      const allClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Each sweep runs in the check phase, right after an I/O poll (see closeConnectionsIdleFor).
      const idleSweep = setInterval(() => setImmediate(() => server.closeConnectionsIdleFor(IDLE_GRACE_MS)), DRAIN_TICK_MS);
      try {
        await allClosed;
      } finally {
        clearInterval(idleSweep);
        clearTimeout(deadline);
      }
      // Fastify's own close: its onClose hooks (the server is stopped already).
      await app.close();
      return { forced, requestsUnanswered: server.requestsUnanswered };
    },
  };
}

/**
 * SIGTERM (or Ctrl-C): stop accepting, answer every request already received (within the
 * deadline), stop the jobs and close the database (`stop`), then exit 0. Whatever is pending,
 * the process exits at most STOP_AFTER_DEADLINE_MS_MAX after the drain deadline (exit code 1).
 * A second signal exits at once, with 128 + its number and a line saying the stop was forced.
 * Nothing here waits on the log: it never blocks (plugins/logging.ts).
 */
export function stopOnSignals(stop: () => Promise<void>, log: FastifyBaseLogger): void {
  let stopping = false;
  const exit = async (code: number) => {
    await stdoutLog().finish(LOG_FLUSH_MS_MAX);
    process.exit(code);
  };
  const onSignal = (signal: keyof typeof FORCED_EXIT_CODES) => {
    if (stopping) {
      log.error({ signal, forced: true }, `${signal} again: exiting at once, without waiting for the stop to finish`);
      stdoutLog().noticeDropped();
      process.exit(FORCED_EXIT_CODES[signal]);
    }
    stopping = true;
    log.warn(`${signal}: shutting down`);
    const giveUpAfterMs = SHUTDOWN_DEADLINE_MS + STOP_AFTER_DEADLINE_MS_MAX;
    setTimeout(() => {
      log.error({ forced: true }, `the stop did not finish within ${giveUpAfterMs} ms: exiting anyway`);
      void exit(STOP_FAILED_EXIT_CODE);
    }, giveUpAfterMs);
    stop().then(
      () => exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        return exit(STOP_FAILED_EXIT_CODE);
      },
    );
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}

/** Resolves with what `promise` came to, or with 'late' once `ms` have passed. */
export function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
