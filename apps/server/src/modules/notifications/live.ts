// Live delivery of notifications (Server-Sent Events, GET /api/events): a hub per server node
// that polls the notifications table for the users with an open stream and hands each new row
// to their streams. Polling the table works the same on PGlite and PostgreSQL and across nodes:
// a notification committed by any node is read by every node that holds a stream of its user,
// within one poll interval. One query per interval per node, whatever the number of streams,
// and none while no stream is open.
//
// A row is found by its id above the stream's cursor, or, whatever its id, when it was written
// in the last RESCAN_MS: ids are taken when a transaction inserts, not when it commits, so a
// row may become visible after a higher id was already read; the rescan catches it and the
// stream's `seen` set keeps it from going out twice.
//
// Each interval also checks that the streams' sessions are live: a stream of a session that
// was logged out, revoked or expired is ended. Heartbeats (an SSE comment) keep proxies from
// closing an idle stream.
import type { FastifyBaseLogger } from 'fastify';
import type { TNotification } from '@paywallet/contract';
import type { Db } from '../../db/database.ts';
import { latestNotificationId, listLiveNotifications, listLiveSessionIds } from './notifications.repository.ts';
import { notificationView } from './notifications.service.ts';

export const LIVE_LIMITS = {
  pollMs: 1_000,
  heartbeatMs: 15_000,
  /** How far back a poll looks again for rows that committed late. */
  rescanMs: 30_000,
  rowsPerPoll: 1_000,
  /** Open streams one node holds; past it a new stream is refused (the client retries later). */
  streamsMax: 10_000,
} as const;

export interface LiveStream {
  /** Sends a notification to the client. */
  send(notification: TNotification): void;
  /** Sends a heartbeat comment. */
  heartbeat(): void;
  /** Ends the stream (the reason is sent to the client as an `end` event). */
  end(reason: 'SESSION_ENDED' | 'SERVER_CLOSING'): void;
}

interface Subscriber {
  userId: bigint;
  sessionId: bigint;
  /** Rows at or below this id existed before the stream opened: not sent. */
  sinceId: bigint;
  cursor: bigint;
  seen: Map<bigint, number>;
  stream: LiveStream;
}

export interface HubOptions {
  pollMs?: number;
  heartbeatMs?: number;
  /** True while the node serves; when it turns false (a drain began), every stream ends. */
  serving?: () => boolean;
}

export class NotificationHub {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #subscribers = new Set<Subscriber>();
  readonly #pollMs: number;
  readonly #heartbeatMs: number;
  readonly #serving: () => boolean;
  #timer: NodeJS.Timeout | undefined;
  #heartbeatTimer: NodeJS.Timeout | undefined;
  #polling = false;
  #closed = false;

  constructor(db: Db, log: FastifyBaseLogger, options: HubOptions = {}) {
    this.#db = db;
    this.#log = log;
    this.#pollMs = options.pollMs ?? LIVE_LIMITS.pollMs;
    this.#heartbeatMs = options.heartbeatMs ?? LIVE_LIMITS.heartbeatMs;
    this.#serving = options.serving ?? (() => true);
  }

  get size(): number {
    return this.#subscribers.size;
  }

  /** Opens a stream for the user; answers the function that closes it (call it when the client goes). */
  async subscribe(userId: bigint, sessionId: bigint, stream: LiveStream): Promise<(() => void) | undefined> {
    if (this.#closed || this.#subscribers.size >= LIVE_LIMITS.streamsMax) return undefined;
    const sinceId = await latestNotificationId(this.#db, userId);
    const subscriber: Subscriber = { userId, sessionId, sinceId, cursor: sinceId, seen: new Map(), stream };
    this.#subscribers.add(subscriber);
    this.#start();
    return () => {
      this.#subscribers.delete(subscriber);
      if (this.#subscribers.size === 0) this.#stop();
    };
  }

  /** Ends every stream and stops polling (the app closes). */
  close(): void {
    this.#closed = true;
    this.#endAll('SERVER_CLOSING');
    this.#stop();
  }

  #start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.poll(), this.#pollMs);
    this.#heartbeatTimer = setInterval(() => {
      for (const subscriber of this.#subscribers) subscriber.stream.heartbeat();
    }, this.#heartbeatMs);
    this.#timer.unref();
    this.#heartbeatTimer.unref();
  }

  #stop(): void {
    clearInterval(this.#timer);
    clearInterval(this.#heartbeatTimer);
    this.#timer = undefined;
    this.#heartbeatTimer = undefined;
  }

  #endAll(reason: 'SESSION_ENDED' | 'SERVER_CLOSING'): void {
    for (const subscriber of [...this.#subscribers]) {
      this.#subscribers.delete(subscriber);
      subscriber.stream.end(reason);
    }
  }

  /** One round: end the streams of ended sessions, then send every new row. */
  async poll(): Promise<void> {
    if (this.#polling || this.#subscribers.size === 0) return;
    if (!this.#serving()) {
      // The node is draining: the clients reconnect to another node.
      this.#endAll('SERVER_CLOSING');
      this.#stop();
      return;
    }
    this.#polling = true;
    try {
      const now = new Date();
      const subscribers = [...this.#subscribers];
      const live = new Set(await listLiveSessionIds(this.#db, [...new Set(subscribers.map((s) => s.sessionId))], now));
      for (const subscriber of subscribers) {
        if (!live.has(subscriber.sessionId)) {
          this.#subscribers.delete(subscriber);
          subscriber.stream.end('SESSION_ENDED');
        }
      }
      const open = [...this.#subscribers];
      if (open.length === 0) return;
      const byUser = new Map<bigint, Subscriber[]>();
      for (const subscriber of open) byUser.set(subscriber.userId, [...(byUser.get(subscriber.userId) ?? []), subscriber]);
      const afterId = open.reduce((min, s) => (s.cursor < min ? s.cursor : min), open[0]!.cursor);
      const rows = await listLiveNotifications(
        this.#db,
        [...byUser.keys()],
        afterId,
        new Date(now.getTime() - LIVE_LIMITS.rescanMs),
        LIVE_LIMITS.rowsPerPoll,
      );
      for (const row of rows) {
        for (const subscriber of byUser.get(row.user_id) ?? []) {
          if (row.id <= subscriber.sinceId || subscriber.seen.has(row.id)) continue;
          subscriber.seen.set(row.id, row.created_at.getTime());
          if (row.id > subscriber.cursor) subscriber.cursor = row.id;
          subscriber.stream.send(notificationView(row));
        }
      }
      const forgetBefore = now.getTime() - 2 * LIVE_LIMITS.rescanMs;
      for (const subscriber of open) {
        for (const [id, at] of subscriber.seen) if (at < forgetBefore) subscriber.seen.delete(id);
      }
    } catch (error) {
      this.#log.warn({ err: error instanceof Error ? error.message : String(error) }, 'live notifications poll failed');
    } finally {
      this.#polling = false;
    }
  }
}
