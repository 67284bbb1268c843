// E-mail through the job queue. With SMTP_URL set, a one-time code goes out over SMTP (to a real
// local SMTP server started here) by the send-email job; the database keeps only a delivery
// record, and the job's copy of the body is erased once delivered or finally failed. An SMTP
// server that is down makes the job retry, and the mail goes out once it is back. Without
// SMTP_URL the dev outbox shows the mail at once, as the sign-in tests rely on.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, forgetSendLimits, latestCode, type TestApp } from '../test/harness.ts';
import { JobRunner } from '../jobs/runner.ts';
import { createMailer, NOT_DELIVERED_TOO_LATE } from './mailer.ts';
import type { Deps } from '../deps.ts';
import { verifyEmailCall, verifyOtpCall } from '@paywallet/contract';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const CODE_PATTERN = /one-time code to sign in is (\d{6})/;

function startSmtpServer(received: Received[], port = 0): Promise<SMTPServer> {
  const server = new SMTPServer({
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
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const stopSmtpServer = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('e-mail over SMTP, through the queue', () => {
  const received: Received[] = [];
  const logLines: string[] = [];
  let smtp: SMTPServer;
  let port: number;
  let t: TestApp;
  let deps: Deps;
  let runner: JobRunner;

  beforeAll(async () => {
    smtp = await startSmtpServer(received);
    port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'PayWallet <no-reply@paywallet.test>' });
    // The runner and its mailer log into logLines, so the test can read what a failure logs.
    const log = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } }).log;
    deps = { ...t.deps, log, mailer: createMailer(t.deps.db, t.deps.config, log) };
    runner = new JobRunner(deps, { runnerId: 'mail-test-runner', schedules: [] });
  });

  afterAll(async () => {
    await t?.close();
    if (smtp) await stopSmtpServer(smtp);
  });

  /** The queued mail job to an address (found by its payload, which exists until it finishes). */
  const queuedMailJob = (to: string) =>
    t.deps.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'send-email')
      .where(sql<boolean>`payload->>'to' = ${to}`)
      .executeTakeFirstOrThrow();
  const jobById = (id: bigint) => t.deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const deliveryRecord = (to: string) =>
    t.deps.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const makeDue = (id: bigint) => sql`UPDATE jobs SET run_at = now() WHERE id = ${id}`.execute(t.deps.db);
  /** Every place the database could keep the code: the delivery records and the jobs. */
  async function databaseMentions(code: string): Promise<number> {
    const pattern = `%${code}%`;
    const found = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM outbox_emails WHERE subject LIKE ${pattern} OR text_body LIKE ${pattern} OR html_body LIKE ${pattern})
           + (SELECT count(*) FROM jobs WHERE payload::text LIKE ${pattern} OR last_error LIKE ${pattern}) AS n`.execute(t.deps.db);
    return Number(found.rows[0]!.n);
  }

  it('sends the one-time code by SMTP through the job, then keeps no body anywhere', async () => {
    // Proves the code is issued and its mail queued in one call that does not wait for SMTP,
    // the job delivers it, and afterwards neither the job nor the delivery record holds the code.
    const email = 'smtp.user@example.com';
    const sent = await t.call(verifyEmailCall, { email });
    expect(sent.status).toBe(200);
    expect(received).toHaveLength(0);
    const queued = await queuedMailJob(email);
    expect(queued).toMatchObject({ state: 'queued', attempts: 0, erase_payload: true });

    expect(await runner.drain()).toEqual(['done']);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual([email]);
    expect(received[0]!.from).toBe('no-reply@paywallet.test');
    const code = CODE_PATTERN.exec(received[0]!.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    expect(await jobById(queued.id)).toMatchObject({ state: 'done', attempts: 1, payload: null });
    const record = await deliveryRecord(email);
    expect(record).toMatchObject({ transport: 'smtp', subject: 'Your PayWallet code', text_body: '', html_body: null, error: null });
    expect(record.sent_at).toBeInstanceOf(Date);
    expect(await databaseMentions(code!)).toBe(0);

    // The code that came by e-mail is the one the server accepts.
    const verified = await t.call(verifyOtpCall, { email, otp: code! });
    expect(verified.status).toBe(200);
    expect(verified.data.accountExist).toBe(0);
  });

  it('retries while the SMTP server is down and delivers once it is back, logging no body', async () => {
    // Proves a delivery failure is a failed attempt (queued again with a delay, the error kept
    // on the job and the delivery record, the body kept only for the retry, nothing of the
    // mail in the log), and that the retry after the server returns delivers it.
    const email = 'smtp.down@example.com';
    await stopSmtpServer(smtp);
    await forgetSendLimits(t, email);
    expect((await t.call(verifyEmailCall, { email })).status).toBe(200);

    expect(await runner.drain()).toEqual(['retry']);
    const failed = await queuedMailJob(email);
    expect(failed).toMatchObject({ state: 'queued', attempts: 1 });
    expect(failed.last_error).toContain('ECONNREFUSED');
    expect(failed.run_at.getTime() - failed.updated_at.getTime()).toBe(5_000);
    expect(JSON.stringify(failed.payload)).toContain('one-time code');
    expect(await deliveryRecord(email)).toMatchObject({ sent_at: null, error: expect.stringContaining('ECONNREFUSED') });
    const failureLog = logLines.join('\n');
    expect(failureLog).toContain('e-mail delivery failed');
    expect(failureLog).toContain('job attempt failed');
    expect(failureLog).not.toContain('one-time code');
    expect(failureLog).not.toContain('Your PayWallet code');

    const before = received.length;
    smtp = await startSmtpServer(received, port);
    await makeDue(failed.id);
    expect(await runner.drain()).toEqual(['done']);
    expect(received.slice(before).map((mail) => mail.to)).toEqual([[email]]);
    const code = CODE_PATTERN.exec(received.at(-1)!.raw)?.[1];
    expect(await jobById(failed.id)).toMatchObject({ state: 'done', attempts: 2, payload: null });
    expect(await deliveryRecord(email)).toMatchObject({ error: null, sent_at: expect.any(Date) });
    expect(await databaseMentions(code!)).toBe(0);
  });

  it('gives up after the last attempt and keeps no body of the mail that failed', async () => {
    // Proves the final failure: state failed after max_attempts, the error kept, the payload
    // erased, so an undeliverable code does not stay readable either.
    const email = 'smtp.gone@example.com';
    await stopSmtpServer(smtp);
    await forgetSendLimits(t, email);
    expect((await t.call(verifyEmailCall, { email })).status).toBe(200);
    const job = await queuedMailJob(email);
    const code = CODE_PATTERN.exec(JSON.stringify(job.payload))?.[1];
    expect(code).toMatch(/^\d{6}$/);

    for (let attempt = 1; attempt <= job.max_attempts; attempt++) {
      expect(await runner.drain()).toEqual([attempt < job.max_attempts ? 'retry' : 'failed']);
      await makeDue(job.id);
    }
    const gone = await jobById(job.id);
    expect(gone).toMatchObject({ state: 'failed', attempts: job.max_attempts, payload: null });
    expect(gone.last_error).toContain('ECONNREFUSED');
    expect(await deliveryRecord(email)).toMatchObject({ sent_at: null, error: expect.stringContaining('ECONNREFUSED') });
    expect(await databaseMentions(code!)).toBe(0);
    smtp = await startSmtpServer(received, port);
  });

  it('does not send a mail whose deliver-by time has passed', async () => {
    // Proves a queued one-time code that expired while SMTP was away is dropped, not sent late.
    const email = 'smtp.late@example.com';
    await t.deps.db
      .transaction()
      .execute((trx) =>
        deps.mailer.enqueue(trx, { to: email, subject: 'Late', text: 'A code that has expired', deliverBy: new Date(Date.now() - 1_000) }),
      );
    const job = await queuedMailJob(email);
    const before = received.length;
    expect(await runner.drain()).toEqual(['done']);
    expect(received).toHaveLength(before);
    expect(await deliveryRecord(email)).toMatchObject({ sent_at: null, error: NOT_DELIVERED_TOO_LATE });
    expect(await jobById(job.id)).toMatchObject({ state: 'done', payload: null });
  });
});

describe('e-mail without SMTP: the dev outbox', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ smtpUrl: undefined }, { demo: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the code in the outbox as soon as the call answers, with no job to wait for', async () => {
    // Proves the outbox row is written in the transaction that issues the code.
    const email = 'outbox.user@example.com';
    expect((await t.call(verifyEmailCall, { email })).status).toBe(200);
    expect(await latestCode(t, email)).toMatch(/^\d{6}$/);
    expect(await countRows(t, ['jobs'])).toEqual({ jobs: 0 });
  });
});
