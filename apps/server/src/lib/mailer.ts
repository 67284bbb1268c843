// E-mail: through SMTP (nodemailer) when SMTP_URL is set; every message is also recorded in
// the outbox table, which the dev outbox page reads when there is no SMTP server.
import nodemailer from 'nodemailer';
import type { Db } from '../db/database.ts';
import type { Config } from '../config.ts';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(db: Db, config: Config, log: FastifyBaseLogger): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return {
    async send(mail) {
      if (!transport) {
        await db
          .insertInto('outbox_emails')
          .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null, transport: 'outbox' })
          .execute();
        return;
      }
      let error: string | null = null;
      try {
        await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        log.error({ to: mail.to, subject: mail.subject, error }, 'e-mail delivery failed');
      }
      // The SMTP copy keeps no body: one-time codes must not sit readable in the database.
      await db
        .insertInto('outbox_emails')
        .values({ to_address: mail.to, subject: mail.subject, text_body: '', html_body: null, transport: 'smtp', sent_at: error ? null : new Date(), error })
        .execute();
    },
  };
}
