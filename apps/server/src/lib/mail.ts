// What the server knows of e-mail, apart from how it is sent: a mail, the mailer's promise, and
// the shape of a delivery waiting in the queue. `Deps` names the mailer by this interface, and
// the job queue hands `Deps` to every job, while the mailer itself (mailer.ts) enqueues its
// deliveries: kept in one file, the interface would close an import circle through the queue.
import { z } from 'zod';
import type { Queryable } from '../db/database.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * What the SMTP delivery record says instead of the subject, when the subject carries a
   * secret (a one-time code in the subject line). Defaults to the subject.
   */
  recordedSubject?: string;
  /** Past this the mail is pointless (its code has expired): it is not sent any more. */
  deliverBy?: Date;
}

/** An e-mail waiting for SMTP (the send-email job's payload). Its body is erased from the row once the job finishes. */
export const ZQueuedMail = z.object({
  /** The outbox_emails row that records the delivery (without the body). */
  outboxEmailId: z.string().regex(/^\d{1,19}$/),
  to: z.string().min(3).max(320),
  subject: z.string().max(500),
  text: z.string().max(20_000),
  html: z.string().max(40_000).optional(),
  /** A mail past this is not sent any more (a one-time code that has expired). */
  deliverBy: z.iso.datetime().optional(),
});
export type TQueuedMail = z.output<typeof ZQueuedMail>;

export interface Mailer {
  /** Hands `mail` over inside `trx`: it goes out only if that transaction commits. */
  enqueue(trx: Queryable, mail: Mail): Promise<void>;
  /** Sends one queued mail over SMTP now; the send-email job calls it. Throws when it was not sent. */
  deliver(mail: TQueuedMail): Promise<void>;
}
