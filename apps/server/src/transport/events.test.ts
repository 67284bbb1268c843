// GET /api/events over real HTTP (the app listening on a free port): a transfer's notification
// reaches the payee's open stream; the stream opens with the accessToken header or a ticket;
// a ticket works once and not after it expired; a token in the URL is refused even when valid;
// the stream ends when its session is logged out; a second node on the same database delivers
// what the first committed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmSendMoneyCall, getEventsTicketCall, initiateSendMoneyCall, logoutUserCall } from '@paywallet/contract';
import { buildApp } from '../app.ts';
import { createTestApp, listenOnLoopback, type TestApp } from '../test/harness.ts';
import { createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../test/money.ts';
import { openStream } from '../test/event-stream.ts';

let t: TestApp;
let base: string;
let payer: TestPerson;
let payee: TestPerson;

async function ticketFor(who: TestPerson): Promise<string> {
  const answer = await t.call(getEventsTicketCall, {}, { token: who.token });
  expect(answer.status).toBe(200);
  return answer.data.ticket;
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  base = await listenOnLoopback(t);
  payer = await createTestPerson(t, { firstName: 'Payer' });
  payee = await createTestPerson(t, { firstName: 'Payee' });
  await fundWallet(t, payer.wallets.AED!, 100_000, 'AED');
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

async function sendMoney(amount: number) {
  const quote = await t.call(
    initiateSendMoneyCall,
    { emailOrPhone: payee.email, amount, payerAccountId: Number(payer.wallets.AED) },
    { token: payer.token },
  );
  expect(quote.status, quote.message).toBe(200);
  const done = await t.call(confirmSendMoneyCall, { transactionHash: quote.data.hash }, { token: payer.token });
  expect(done.status, done.message).toBe(200);
}

describe('GET /api/events', () => {
  it('delivers the notification of a transfer to the payee’s stream opened with a ticket, and not to the payer’s', async () => {
    const payeeStream = await openStream(`${base}/api/events?ticket=${await ticketFor(payee)}`);
    const payerStream = await openStream(`${base}/api/events`, { accesstoken: payer.token });
    try {
      expect(payeeStream.response.status).toBe(200);
      expect(payeeStream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await payeeStream.waitFor('ready');
      await payerStream.waitFor('ready');
      await sendMoney(2_500);
      const event = await payeeStream.waitFor('notification');
      const notification = JSON.parse(event.data) as { type: string; message: string; read_at: null };
      expect(notification).toMatchObject({ type: 'money-received', read_at: null });
      expect(notification.message).toContain('AED 25.00');
      const payerEvent = await payerStream.waitFor('notification');
      expect(JSON.parse(payerEvent.data)).toMatchObject({ type: 'money-sent' });
      // Each party got exactly its own notification.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(payeeStream.events.filter((e) => e.event === 'notification')).toHaveLength(1);
      expect(payerStream.events.filter((e) => e.event === 'notification')).toHaveLength(1);
    } finally {
      payeeStream.close();
      payerStream.close();
    }
  });

  it('refuses a used ticket, an expired one, an unknown one and no credential at all', async () => {
    const ticket = await ticketFor(payee);
    const first = await openStream(`${base}/api/events?ticket=${ticket}`);
    first.close();
    expect(first.response.status).toBe(200);
    const again = await fetch(`${base}/api/events?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect(((await again.json()) as { reason: string }).reason).toBe('EVENTS_TICKET_INVALID');

    const expiring = await ticketFor(payee);
    await t.deps.db
      .updateTable('events_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    const expired = await fetch(`${base}/api/events?ticket=${expiring}`);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { reason: string }).reason).toBe('EVENTS_TICKET_INVALID');

    const unknown = await fetch(`${base}/api/events?ticket=not-a-ticket`);
    expect(unknown.status).toBe(401);
    const none = await fetch(`${base}/api/events`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { reason: string }).reason).toBe('UNAUTHENTICATED');
  });

  it('refuses a session token in the URL, even a valid one', async () => {
    for (const name of ['accessToken', 'token', 'access_token']) {
      const answer = await fetch(`${base}/api/events?${name}=${encodeURIComponent(payee.token)}`);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { reason: string }).reason).toBe('TOKEN_IN_URL');
    }
  });

  it('delivers a notification committed through one node to a stream held by another', async () => {
    // A second app on the same database, as a second server node: its hub reads the table, so a
    // transfer made through the first node reaches the stream the second one holds.
    const other = await buildApp(t.deps.config, t.database);
    try {
      const otherBase = await listenOnLoopback(other);
      const stream = await openStream(`${otherBase}/api/events`, { accesstoken: payee.token });
      try {
        await stream.waitFor('ready');
        await sendMoney(1_000);
        const event = await stream.waitFor('notification');
        expect(JSON.parse(event.data)).toMatchObject({ type: 'money-received' });
      } finally {
        stream.close();
      }
    } finally {
      await other.app.close();
    }
  });

  it('ends the stream when its session logs out', async () => {
    const person = await createTestPerson(t);
    const stream = await openStream(`${base}/api/events?ticket=${await ticketFor(person)}`);
    try {
      await stream.waitFor('ready');
      expect((await t.call(logoutUserCall, {}, { token: person.token })).status).toBe(200);
      const end = await stream.waitFor('end');
      expect(JSON.parse(end.data)).toEqual({ reason: 'SESSION_ENDED' });
      // A ticket of the ended session opens nothing.
      const later = await fetch(`${base}/api/events`, { headers: { accesstoken: person.token } });
      expect(later.status).toBe(401);
    } finally {
      stream.close();
    }
  });
});
