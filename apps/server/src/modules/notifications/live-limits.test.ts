// One signed-in user cannot hold every live stream of a node: a session holds at most
// LIVE_LIMITS.streamsPerSessionMax streams and a user at most streamsPerUserMax across their
// sessions; the extra one is refused by name (429 TOO_MANY_STREAMS) while another user still
// gets a stream, and a stream that closes gives its place back. Proved on the hub itself and
// through GET /api/events over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenOnLoopback, type TestApp } from '../../test/harness.ts';
import { createTestPerson, type TestPerson } from '../../test/money.ts';
import { openSession } from '../auth/sessions.ts';
import { LIVE_LIMITS, NotificationHub, type LiveStream, type Subscription } from './live.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  base = await listenOnLoopback(t);
});
afterAll(async () => t.close());

const sink = (): LiveStream => ({ send: () => {}, heartbeat: () => {}, end: () => {} });

/** Another full session of the same person (another browser or device). */
async function anotherSession(person: TestPerson): Promise<{ token: string; sessionId: bigint }> {
  return openSession(t.deps.db, { userId: person.id, stage: 'user', ip: '127.0.0.1', userAgent: 'vitest' });
}

function unsubscribeOf(subscription: Subscription): () => void {
  if (!('unsubscribe' in subscription)) throw new Error(`the stream was refused: ${subscription.refused}`);
  return subscription.unsubscribe;
}

describe('the hub’s caps', () => {
  it('refuses a session past its cap by name, lets another user in, and takes a stream back when it closes', async () => {
    // Proves the per-session cap and that places are given back.
    const hub = new NotificationHub(t.deps.db, t.deps.log, { pollMs: 60_000 });
    try {
      const person = await createTestPerson(t);
      const session = await anotherSession(person);
      const open: Array<() => void> = [];
      for (let index = 0; index < LIVE_LIMITS.streamsPerSessionMax; index++) {
        open.push(unsubscribeOf(await hub.subscribe(person.id, session.sessionId, sink())));
      }
      expect(await hub.subscribe(person.id, session.sessionId, sink())).toEqual({ refused: 'TOO_MANY_STREAMS' });
      const other = await createTestPerson(t);
      const otherSession = await anotherSession(other);
      unsubscribeOf(await hub.subscribe(other.id, otherSession.sessionId, sink()));
      open.pop()!();
      expect(hub.streamsOfSession(session.sessionId)).toBe(LIVE_LIMITS.streamsPerSessionMax - 1);
      unsubscribeOf(await hub.subscribe(person.id, session.sessionId, sink()));
      expect(hub.size).toBe(LIVE_LIMITS.streamsPerSessionMax + 1);
    } finally {
      hub.close();
    }
  });

  it('refuses a user past their cap across sessions, and a flood of parallel opens takes no more than the cap', async () => {
    // Proves the per-user cap holds even when the opens race (the check is repeated after the
    // query, right before the stream is added).
    const hub = new NotificationHub(t.deps.db, t.deps.log, { pollMs: 60_000 });
    try {
      const person = await createTestPerson(t);
      const sessions = await Promise.all(
        Array.from({ length: Math.ceil(LIVE_LIMITS.streamsPerUserMax / LIVE_LIMITS.streamsPerSessionMax) + 2 }, () =>
          anotherSession(person),
        ),
      );
      const attempts = await Promise.all(
        sessions.flatMap((session) =>
          Array.from({ length: LIVE_LIMITS.streamsPerSessionMax }, () => hub.subscribe(person.id, session.sessionId, sink())),
        ),
      );
      const opened = attempts.filter((attempt) => 'unsubscribe' in attempt);
      expect(opened).toHaveLength(LIVE_LIMITS.streamsPerUserMax);
      expect(attempts.length - opened.length).toBeGreaterThan(0);
      for (const attempt of attempts) if ('refused' in attempt) expect(attempt.refused).toBe('TOO_MANY_STREAMS');
      for (const session of sessions) expect(hub.streamsOfSession(session.sessionId)).toBeLessThanOrEqual(LIVE_LIMITS.streamsPerSessionMax);
      const fresh = await anotherSession(person);
      expect(await hub.subscribe(person.id, fresh.sessionId, sink())).toEqual({ refused: 'TOO_MANY_STREAMS' });
    } finally {
      hub.close();
    }
  });

  it('gives every place back when streams end without their client (the session ended, the node closes)', async () => {
    // Proves the counts follow every way out, so ended streams never hold places.
    const hub = new NotificationHub(t.deps.db, t.deps.log, { pollMs: 60_000 });
    const person = await createTestPerson(t);
    const session = await anotherSession(person);
    for (let index = 0; index < LIVE_LIMITS.streamsPerSessionMax; index++)
      unsubscribeOf(await hub.subscribe(person.id, session.sessionId, sink()));
    await t.deps.db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', session.sessionId).execute();
    await hub.poll();
    expect(hub.streamsOfSession(session.sessionId)).toBe(0);
    expect(hub.size).toBe(0);
    hub.close();
    expect(await hub.subscribe(person.id, (await anotherSession(person)).sessionId, sink())).toEqual({ refused: 'SERVER_BUSY' });
  });
});

describe('GET /api/events past the cap', () => {
  it('answers 429 TOO_MANY_STREAMS to the extra stream of a session while another user still gets one', async () => {
    // Proves the route answers the hub's refusal by name (not an anonymous 503), and that a
    // stream the client closes frees its place: the next open succeeds once the server saw it go.
    const person = await createTestPerson(t);
    const other = await createTestPerson(t);
    const controllers: AbortController[] = [];
    const open = async (token: string) => {
      const controller = new AbortController();
      const response = await fetch(`${base}/api/events`, { headers: { accesstoken: token }, signal: controller.signal });
      if (response.status === 200) controllers.push(controller);
      return response;
    };
    try {
      for (let index = 0; index < LIVE_LIMITS.streamsPerSessionMax; index++) expect((await open(person.token)).status).toBe(200);
      const refused = await open(person.token);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        code: 429,
        reason: 'TOO_MANY_STREAMS',
        message: 'Too many live connections are open for this account. Close another tab or window and try again.',
        data: null,
      });
      expect((await open(other.token)).status).toBe(200);

      controllers.shift()!.abort();
      const deadline = Date.now() + 10_000;
      let again = await open(person.token);
      while (again.status === 429 && Date.now() < deadline) {
        await again.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 50));
        again = await open(person.token);
      }
      expect(again.status).toBe(200);
    } finally {
      for (const controller of controllers) controller.abort();
    }
  });
});
