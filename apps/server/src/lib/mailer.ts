// E-mail. A mail is handed over inside the business transaction that causes it (a one-time code
// and its mail commit together, or neither does):
// - with SMTP_URL, a delivery record (no body) and a send-email job are written; the job sends
//   over SMTP (nodemailer) with retries, and the job's copy of the body is erased once the job
//   finishes, sent or finally failed, so no readable code stays in the database;
// - without it, the mail is written to the dev outbox (/dev/outbox), readable at once.
// What a mail and a mailer are: mail.ts. The send-email job kind: mailer.jobs.ts.
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Config } from '../config.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Mailer } from './mail.ts';
import { insertOutboxEmail, recordDelivery } from './mail-outbox.repository.ts';

/** SMTP waits, each well below the send-email job's timeout, so a hung server ends the attempt. */
export const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
export const SMTP_GREETING_TIMEOUT_MS = 10_000;
export const SMTP_SOCKET_TIMEOUT_MS = 20_000;

export const NOT_DELIVERED_TOO_LATE = 'Not sent: it was no longer valid when its turn came.';

export class SmtpNotConfiguredError extends Error {
  constructor() {
    super('SMTP_URL is not set on this node, so it cannot send queued e-mail.');
    this.name = 'SmtpNotConfiguredError';
  }
}

function createTransport(smtpUrl: string) {
  // nodemailer.createTransport({ url, ...options }) keeps only what the URL says, so the
  // timeouts go to the SMTP transport's constructor, which merges both.
  return nodemailer.createTransport(
    new SMTPTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
      greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
      socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    }),
  );
}

export function createMailer(db: Db, config: Config, log: FastifyBaseLogger): Mailer {
  const transport = config.smtpUrl ? createTransport(config.smtpUrl) : undefined;
  return {
    async enqueue(trx, mail) {
      if (!transport) {
        await insertOutboxEmail(trx, { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, transport: 'outbox' });
        return;
      }
      const recordId = await insertOutboxEmail(trx, {
        to: mail.to,
        subject: mail.recordedSubject ?? mail.subject,
        text: '',
        html: null,
        transport: 'smtp',
      });
      await enqueueJob(trx, 'send-email', {
        outboxEmailId: String(recordId),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
        ...(mail.deliverBy === undefined ? {} : { deliverBy: mail.deliverBy.toISOString() }),
      });
    },

    async deliver(mail) {
      if (!transport) throw new SmtpNotConfiguredError();
      const recordId = BigInt(mail.outboxEmailId);
      if (mail.deliverBy !== undefined && Date.parse(mail.deliverBy) <= Date.now()) {
        await recordDelivery(db, recordId, { sent: false, error: NOT_DELIVERED_TOO_LATE });
        return;
      }
      try {
        await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      } catch (error) {
        // Only the server's answer is kept and logged: never the subject or the body.
        const message = error instanceof Error ? error.message : String(error);
        log.warn({ outboxEmailId: mail.outboxEmailId, error: message }, 'e-mail delivery failed');
        await recordDelivery(db, recordId, { sent: false, error: message });
        throw error;
      }
      await recordDelivery(db, recordId, { sent: true });
    },
  };
}
