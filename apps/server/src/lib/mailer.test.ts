// With SMTP_URL set, e-mail really goes out over SMTP (to a local SMTP server started here),
// and the database keeps only a delivery record: no one-time code sits readable in it.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('e-mail over SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'PayWallet <no-reply@paywallet.test>' });
  });

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the one-time code through the SMTP server and stores no body', async () => {
    const email = 'smtp.user@example.com';
    const sent = await t.call('verify-email', { email });
    expect(sent.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual([email]);
    expect(received[0]!.from).toBe('no-reply@paywallet.test');
    const code = /one-time code to sign in is (\d{6})/.exec(received[0]!.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const record = await t.deps.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(record.transport).toBe('smtp');
    expect(record.text_body).toBe('');
    expect(record.sent_at).not.toBeNull();
    expect(record.error).toBeNull();

    // The code that came by e-mail is the one the server accepts.
    const verified = await t.call<{ accountExist: number }>('verify-otp', { email, otp: code });
    expect(verified.status).toBe(200);
    expect(verified.data.accountExist).toBe(0);
  });
});
