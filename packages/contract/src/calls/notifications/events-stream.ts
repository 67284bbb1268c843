// GET /api/events: the live stream of the signed-in user's notifications, as Server-Sent Events
// (DECISIONS 14). Its policy is a call's: a fully signed-in wallet holder or administrator, through the
// accessToken header or a single-use ticket of get-events-ticket (which has the same policy),
// because a browser's EventSource cannot send a header.
import { z } from 'zod';
import { defineCall, httpRequest } from '../../call.ts';
import { NOTIFICATION_READERS } from './notifications.ts';

const route = {
  method: 'GET',
  path: '/events',
  status: 200,
  query: z.object({ ticket: z.string().max(100).optional() }),
} as const;

export const eventsStreamCall = defineCall({
  path: 'events-stream',
  audience: NOTIFICATION_READERS,
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  http: route,
  answer: 'event-stream',
  request: httpRequest(route),
  response: z.unknown().meta({ description: 'Server-Sent Events: ready, notification, end, and heartbeat comments.' }),
  errors: ['TOKEN_IN_URL', 'EVENTS_TICKET_INVALID'],
});
