// Stopping the HTTP server without dropping a request (SIGTERM under load):
//  1. stop accepting connections (the listening socket closes: a new client is refused);
//  2. answer every request already received, each with `Connection: close`, so the client
//     sends nothing more on that connection and the socket ends after the answer; a request
//     that arrives meanwhile on an open keep-alive connection is answered the same way (not
//     refused with Fastify's default 503);
//  3. close the keep-alive connections that stay idle: one without a request in progress for
//     IDLE_GRACE_MS. Not at once, as Node's server.close() does: a client may have written its
//     next request on an idle connection a moment ago, before the server read it, and cutting
//     that connection resets the client's request (15 to 18 resets per SIGTERM under load
//     before this). Such a request arrives within the grace and is answered;
//  4. after the deadline, whatever is still open is cut, so a stuck request cannot hold the
//     process past it.
// main.ts then stops the job runner and closes the database.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long the requests in flight get to finish before their connections are cut. */
export const SHUTDOWN_DEADLINE_MS = 10_000;
/** A keep-alive connection idle this long while draining has no request on its way: it is closed. */
export const IDLE_GRACE_MS = 1_000;
const DRAIN_TICK_MS = 25;

interface ConnectionState {
  requestsInProgress: number;
  idleSinceMs: number;
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

  constructor(handler: http.RequestListener) {
    super(handler);
    this.on('connection', (socket: Socket) => {
      this.openConnections.set(socket, { requestsInProgress: 0, idleSinceMs: Date.now() });
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
      });
    });
  }

  /**
   * Node's close() calls this to cut every idle keep-alive connection at once. The drain
   * closes them after a grace instead (closeConnectionsIdleFor), so this does nothing.
   */
  override closeIdleConnections(): void {}

  /** Closes the connections that have had no request in progress for `graceMs`. */
  closeConnectionsIdleFor(graceMs: number): void {
    const now = Date.now();
    for (const [socket, state] of this.openConnections) {
      if (state.requestsInProgress === 0 && now - state.idleSinceMs >= graceMs) socket.destroy();
    }
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
  let draining = false;
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
  return {
    async close(deadlineMs = SHUTDOWN_DEADLINE_MS) {
      const server = app.server as DrainableServer;
      draining = true;
      let forced = false;
      // The listener closes now, in the same tick as the first Connection: close is set. Its
      // socket is released at the end of the event loop's turn, though: a client told to close
      // may connect again within that turn (on PGlite a turn can be long), and the kernel resets
      // such a connection when the listener goes. That request was never read; a client sends
      // it again and is refused (shutdown.test.ts counts them).
      const allClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Each sweep runs in the check phase, right after an I/O poll: a request a client wrote
      // on an idle connection has been read by then (so its connection is not idle), even when
      // the event loop was busy for longer than the grace.
      const idleSweep = setInterval(() => setImmediate(() => server.closeConnectionsIdleFor(IDLE_GRACE_MS)), DRAIN_TICK_MS);
      const deadline = setTimeout(() => {
        forced = true;
        server.closeAllConnections();
      }, deadlineMs);
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
