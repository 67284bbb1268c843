import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Mailer } from './lib/mail.ts';
import type { FileStore } from './lib/file-store/file-store.ts';
import type { ChallengeHandlers } from './modules/gateway/challenge-handlers.ts';
import type { PaymentEventListener } from './modules/merchant-payments/payment-events.ts';
import type { PostingRunner } from './modules/ledger/ledger.service.ts';

/** What every service receives: the database, settings, and the outside world's adapters. */
export interface Deps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  mailer: Mailer;
  files: FileStore;
  /**
   * Who hears every merchant payment event, whoever caused it (a link's callback, an API
   * payment's state and webhook, the POS webhook, the merchant's notification): composed once in
   * app.ts, called by the payments core inside the payment's transaction (docs/payment-events.md).
   */
  paymentListeners: readonly PaymentEventListener[];
  /** Who answers a 3-D Secure challenge on a card payment that is not a deposit, by transaction type (app.ts). */
  challengeHandlers: ChallengeHandlers;
  /**
   * Group commit (docs/group-commit.md): work that posts, given to `withPosting(deps.postings, ...)`,
   * shares one database transaction with the postings made at the same moment.
   */
  postings: PostingRunner;
}
