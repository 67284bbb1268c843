import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { NOTIFICATION_READERS } from './notifications.ts';

/** How long a ticket for the live stream may wait before it is used. */
export const EVENTS_TICKET_LIFE_S = 60;

/**
 * A single-use ticket that opens GET /api/events?ticket=... from a browser's EventSource (which
 * cannot send the accessToken header): short-lived, stored hashed, consumed when the stream opens.
 */
export const ZGetEventsTicketResponse = z.object({ ticket: z.string(), expiresIn: z.number().int() });
export const getEventsTicketCall = defineCall({
  path: 'get-events-ticket',
  audience: NOTIFICATION_READERS,
  session: 'full',
  feature: null,
  kind: 'write',
  audit: null,
  request: z.object({}).loose(),
  response: ZGetEventsTicketResponse,
});
