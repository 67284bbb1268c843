// GET /api/events: the live stream of the signed-in user's notifications as Server-Sent Events
// (DECISIONS 14: foreground messages raise a toast and the bell count). Its policy is a call's
// (events-stream: a fully signed-in consumer, merchant or administrator), enforced by the dispatcher. Two ways in:
//  - the accessToken header (any HTTP client): the dispatcher resolves the session and enforces
//    the policy, like any call;
//  - `?ticket=...`, a single-use ticket from v1/get-events-ticket (60 s, stored hashed, consumed
//    on use), because a browser's EventSource cannot send a header. The ticket was issued by a
//    call of the same policy and is redeemed only while its session lives.
// A session token never travels in a URL: a query naming one is refused, even a valid one. A
// stream an administrator logged in as a merchant opens is audited (`impersonation.call`) either way.
// Events: `ready` (once), `notification` (a row as the list shows it), `end` (the session ended
// or the node is closing; the client asks for a new ticket and reconnects), and a comment as a
// heartbeat. See live.ts for how rows reach the stream.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eventsStreamCall, multilineFields, type TNotification } from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import { AppError, failure, refusalEnvelope } from '../../transport/errors.ts';
import { requestContextOf, sendEnvelope } from '../../transport/http.ts';
import { validInput } from '../../transport/request.ts';
import type { Scope } from '../../transport/scope.ts';
import { notificationOwnerOf, redeemEventsTicket } from './notifications.service.ts';
import { NotificationHub, type HubOptions, type LiveStream } from './live.ts';

/** Query parameters that would carry a session token: refused on sight. */
const TOKEN_PARAMETERS = ['accesstoken', 'access_token', 'token', 'authorization'];
/** How long the client waits before reconnecting after the stream drops. */
const RETRY_MS = 3_000;

interface StreamOwner {
  userId: bigint;
  sessionId: bigint;
}

export function registerLiveEvents(app: FastifyInstance, dispatcher: Dispatcher, deps: Deps, options: HubOptions = {}): NotificationHub {
  const hub = new NotificationHub(deps.db, deps.log, { serving: () => app.server.listening, ...options });
  // Before the server closes: an open stream would otherwise hold its close until the deadline.
  app.addHook('preClose', async () => hub.close());
  dispatcher.register(eventsStreamCall, async (_input, ctx) => ({
    data: { userId: notificationOwnerOf(ctx.scope), sessionId: ctx.scope.sessionId } satisfies StreamOwner,
  }));

  app.get('/api/events', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (Object.keys(query).some((name) => TOKEN_PARAMETERS.includes(name.toLowerCase()))) {
      return sendEnvelope(reply, refusalEnvelope(failure('TOKEN_IN_URL')));
    }
    try {
      const owner = await streamOwner(dispatcher, deps, request, query);
      return await openStream(hub, request, reply, owner.userId, owner.sessionId);
    } catch (error) {
      if (error instanceof AppError) return sendEnvelope(reply, refusalEnvelope(error));
      throw error;
    }
  });
  return hub;
}

async function streamOwner(
  dispatcher: Dispatcher,
  deps: Deps,
  request: FastifyRequest,
  query: Record<string, unknown>,
): Promise<StreamOwner> {
  const context = requestContextOf(request);
  if (context.accessToken) {
    return dispatcher.dispatchCall(
      eventsStreamCall,
      () => query,
      context,
      async (ready) => {
        const outcome = await ready.run();
        if (outcome.refused) throw outcome.refused;
        return outcome.data as StreamOwner;
      },
    );
  }
  // Without a session or a ticket there is no caller to check anything for.
  if (query.ticket === undefined) throw failure('UNAUTHENTICATED');
  const { ticket } = validInput(eventsStreamCall.request, multilineFields(eventsStreamCall.request), query) as { ticket: string };
  const redeemed = await redeemEventsTicket(deps.db, ticket);
  if (!redeemed) throw failure('EVENTS_TICKET_INVALID');
  if (redeemed.impersonatorUserId !== null) {
    // An impersonation session is an administrator acting as a merchant's main account, whose
    // notifications the ticket names: on record like every call of that session.
    const scope: Scope = {
      sessionId: redeemed.sessionId,
      stage: 'full',
      actorUserId: redeemed.userId,
      accountHolderId: redeemed.userId,
      audience: 'merchant',
      role: 'owner',
      grantedFeatures: null,
      impersonatorUserId: redeemed.impersonatorUserId,
    };
    await dispatcher.trailOf(eventsStreamCall, scope, context).recordImpersonatedCall(deps.db, { ticket: true });
  }
  return redeemed;
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
