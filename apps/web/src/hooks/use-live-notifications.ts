// Live notifications (DECISIONS 14): while the app is open, GET /api/events streams each new
// notification of the user as a Server-Sent Event; each raises a toast and the bell's count, and
// one that tells of money someone else moved (a payment through a link, the API or a till; money
// sent or a request paid) reads the balances and the history again, so the open screen (the
// wallet select, the merchant's On Hold and Available cards) shows it without a reload.
// EventSource cannot send the accessToken header, so each connection first asks for a
// single-use ticket (get-events-ticket) and opens /api/events?ticket=...; the session token never
// goes into a URL. When the stream drops (a server restart, a network change) the ticket is
// spent, so the hook asks for a new one and reconnects after a growing pause; it stops when the
// server says the session ended (the app's own 401 handling signs the user out).
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getEventsTicketCall, ZNotificationEvent } from '@paywallet/contract';
import { call } from '../api/client.ts';
import { showToast } from '../lib/toast.ts';
import { movesMoney, refreshAfterMoneyMoved } from './money-moved.ts';
import { addLiveNotification, refreshNotifications } from './use-notifications.ts';

const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

export function useLiveNotifications(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let retryMs = RETRY_FIRST_MS;
    let connectedBefore = false;

    const retry = () => {
      if (stopped) return;
      timer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };

    const connect = async () => {
      let ticket: string;
      try {
        ticket = (await call(getEventsTicketCall, {}, { successToast: false, errorToast: false })).ticket;
      } catch (error) {
        // A 401 ends the session (the client signs out); anything else: try again later.
        if ((error as { code?: number }).code !== 401) retry();
        return;
      }
      if (stopped) return;
      source = new EventSource(`/api/events?ticket=${encodeURIComponent(ticket)}`);
      source.addEventListener('ready', () => {
        retryMs = RETRY_FIRST_MS;
        if (connectedBefore) refreshNotifications(queryClient);
        connectedBefore = true;
      });
      source.addEventListener('notification', (event) => {
        const parsed = ZNotificationEvent.safeParse(JSON.parse((event as MessageEvent<string>).data));
        if (!parsed.success) return;
        showToast('info', parsed.data.message);
        addLiveNotification(queryClient, parsed.data);
        if (movesMoney(parsed.data.type)) void refreshAfterMoneyMoved(queryClient);
      });
      source.addEventListener('end', (event) => {
        source?.close();
        const reason = (JSON.parse((event as MessageEvent<string>).data) as { reason?: string }).reason;
        if (reason !== 'SESSION_ENDED') retry();
      });
      source.onerror = () => {
        // The ticket is spent: EventSource's own reconnect would be refused. Start over.
        source?.close();
        retry();
      };
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
