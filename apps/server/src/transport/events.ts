// GET /api/events: the live stream of the signed-in user's notifications as Server-Sent Events
// (DECISIONS 14: foreground messages raise a toast and the bell count). Two ways in:
//  - the accessToken header (any HTTP client), for a fully signed-in consumer or merchant;
//  - `?ticket=...`, a single-use ticket from v1/get-events-ticket (60 s, stored hashed, consumed
//    on use), because a browser's EventSource cannot send a header.
// A session token never travels in a URL: a query naming one is refused, even a valid one.
// Events: `ready` (once), `notification` (a row as the list shows it), `end` (the session ended
// or the node is closing; the client asks for a new ticket and reconnects), and a comment as a
// heartbeat. See modules/notifications/live.ts for how rows reach the stream.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TNotification } from '@paywallet/contract';
import type { Deps } from '../deps.ts';
import { resolveScope } from '../modules/auth/sessions.ts';
import { notificationOwnerOf, redeemEventsTicket } from '../modules/notifications/notifications.service.ts';
import { NotificationHub, type HubOptions, type LiveStream } from '../modules/notifications/live.ts';
import { failure, refusalEnvelope } from './errors.ts';
import { requestContextOf, sendEnvelope } from './http.ts';

/** Query parameters that would carry a session token: refused on sight. */
const TOKEN_PARAMETERS = ['accesstoken', 'access_token', 'token', 'authorization'];
/** How long the client waits before reconnecting after the stream drops. */
const RETRY_MS = 3_000;

export function registerEventsRoute(app: FastifyInstance, deps: Deps, options: HubOptions = {}): NotificationHub {
  const hub = new NotificationHub(deps.db, deps.log, { serving: () => app.server.listening, ...options });
  // Before the server closes: an open stream would otherwise hold its close until the deadline.
  app.addHook('preClose', async () => hub.close());

  app.get('/api/events', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (Object.keys(query).some((name) => TOKEN_PARAMETERS.includes(name.toLowerCase()))) {
      return sendEnvelope(reply, refusalEnvelope(failure('TOKEN_IN_URL')));
    }
    const who = await streamOwner(deps, request, query);
    if ('refused' in who) return sendEnvelope(reply, refusalEnvelope(failure(who.refused)));
    return openStream(hub, request, reply, who.userId, who.sessionId);
  });
  return hub;
}

type Owner = { userId: bigint; sessionId: bigint } | { refused: 'UNAUTHENTICATED' | 'EVENTS_TICKET_INVALID' | 'AUDIENCE_NOT_ALLOWED' };

async function streamOwner(deps: Deps, request: FastifyRequest, query: Record<string, unknown>): Promise<Owner> {
  const token = requestContextOf(request).accessToken;
  if (token) {
    const scope = await resolveScope(deps.db, token);
    if (!scope || scope.stage !== 'full') return { refused: 'UNAUTHENTICATED' };
    if (scope.audience === 'admin') return { refused: 'AUDIENCE_NOT_ALLOWED' };
    return { userId: notificationOwnerOf(scope), sessionId: scope.sessionId };
  }
  const ticket = query['ticket'];
  if (typeof ticket !== 'string') return { refused: 'UNAUTHENTICATED' };
  const redeemed = await redeemEventsTicket(deps.db, ticket);
  return redeemed ?? { refused: 'EVENTS_TICKET_INVALID' };
}

async function openStream(hub: NotificationHub, request: FastifyRequest, reply: FastifyReply, userId: bigint, sessionId: bigint) {
  const raw = reply.raw;
  let ended = false;
  const write = (chunk: string) => {
    if (!ended) raw.write(chunk);
  };
  const stream: LiveStream = {
    send: (notification: TNotification) => write(`event: notification\nid: ${notification.id}\ndata: ${JSON.stringify(notification)}\n\n`),
    heartbeat: () => write(': heartbeat\n\n'),
    end: (reason) => {
      write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
      ended = true;
      raw.end();
    },
  };
  const subscription = await hub.subscribe(userId, sessionId, stream);
  // A caller over its share of streams (TOO_MANY_STREAMS), or the node full (SERVER_BUSY).
  if ('refused' in subscription) return sendEnvelope(reply, refusalEnvelope(failure(subscription.refused)));
  const { unsubscribe } = subscription;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  write(`retry: ${RETRY_MS}\nevent: ready\ndata: {}\n\n`);
  request.raw.on('close', () => {
    ended = true;
    unsubscribe();
  });
  return reply;
}
