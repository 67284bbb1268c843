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
//
// A stream holds a connection and a place in the hub, so one caller may not hold them all: a
// session has a few places (a browser's tabs share one session), a user a few more (a phone and
// a laptop), the node the rest. Past a cap the stream is refused by name (TOO_MANY_STREAMS);
// a stream that closes gives its place back at once.
import type { FastifyBaseLogger } from 'fastify';
import type { TNotification } from '@paywallet/contract';
import type { Db } from '../../db/database.ts';
import { latestNotificationId, listLiveNotifications } from './notifications.repository.ts';
import { listLiveSessionIds } from '../auth/sessions.ts';
import { notificationView } from './notifications.service.ts';

export const LIVE_LIMITS = {
  pollMs: 1_000,
  heartbeatMs: 15_000,
  /** How far back a poll looks again for rows that committed late. */
  rescanMs: 30_000,
  rowsPerPoll: 1_000,
  /** Open streams one node holds; past it a new stream is refused (the client retries later). */
  streamsMax: 10_000,
  /**
   * Open streams of one session: the tabs of one browser share a session, and a browser opens
   * at most 6 connections to one host over HTTP/1.1, so more tabs than that cannot stream anyway.
   */
  streamsPerSessionMax: 6,
  /** Open streams of one user across their sessions: a browser or two, and a phone. */
  streamsPerUserMax: 12,
} as const;

/** Why a stream was not opened: a caller over its share, or the node full or closing. */
export type StreamRefusal = 'TOO_MANY_STREAMS' | 'SERVER_BUSY';

/** What subscribe answers: the function that closes the stream, or why there is none. */
export type Subscription = { unsubscribe: () => void } | { refused: StreamRefusal };

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
  /** Open streams per session and per user, kept with #subscribers by #add and #remove. */
  readonly #perSession = new Map<bigint, number>();
  readonly #perUser = new Map<bigint, number>();
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

  /** Open streams of a session (tests read the places it holds). */
  streamsOfSession(sessionId: bigint): number {
    return this.#perSession.get(sessionId) ?? 0;
  }

  /**
   * Opens a stream for the user, or says why not. The caps are checked before the query (a
   * refused flood costs nothing) and again after it, right before the stream is added with no
   * await between, so parallel opens of one user cannot both take the last place.
   */
  async subscribe(userId: bigint, sessionId: bigint, stream: LiveStream): Promise<Subscription> {
    const early = this.#refusal(userId, sessionId);
    if (early) return { refused: early };
    const sinceId = await latestNotificationId(this.#db, userId);
    const refused = this.#refusal(userId, sessionId);
    if (refused) return { refused };
    const subscriber: Subscriber = { userId, sessionId, sinceId, cursor: sinceId, seen: new Map(), stream };
    this.#add(subscriber);
    this.#start();
    return {
      unsubscribe: () => {
        this.#remove(subscriber);
        if (this.#subscribers.size === 0) this.#stop();
      },
    };
  }

  /** Ends every stream and stops polling (the app closes). */
  close(): void {
    this.#closed = true;
    this.#endAll('SERVER_CLOSING');
    this.#stop();
  }

  #refusal(userId: bigint, sessionId: bigint): StreamRefusal | undefined {
    if (this.#closed || this.#subscribers.size >= LIVE_LIMITS.streamsMax) return 'SERVER_BUSY';
    if (this.streamsOfSession(sessionId) >= LIVE_LIMITS.streamsPerSessionMax) return 'TOO_MANY_STREAMS';
    if ((this.#perUser.get(userId) ?? 0) >= LIVE_LIMITS.streamsPerUserMax) return 'TOO_MANY_STREAMS';
    return undefined;
  }

  #add(subscriber: Subscriber): void {
    this.#subscribers.add(subscriber);
    this.#perSession.set(subscriber.sessionId, this.streamsOfSession(subscriber.sessionId) + 1);
    this.#perUser.set(subscriber.userId, (this.#perUser.get(subscriber.userId) ?? 0) + 1);
  }

  /** Forgets a stream once, whichever way it ended (the client went, its session ended, the node closes). */
  #remove(subscriber: Subscriber): void {
    if (!this.#subscribers.delete(subscriber)) return;
    decrement(this.#perSession, subscriber.sessionId);
    decrement(this.#perUser, subscriber.userId);
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
      this.#remove(subscriber);
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
          this.#remove(subscriber);
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

/** One fewer under the key; the key goes when none is left, so the maps hold only open streams. */
function decrement(counts: Map<bigint, number>, key: bigint): void {
  const left = (counts.get(key) ?? 0) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
