import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Mailer } from './lib/mail.ts';
import type { FileStore } from './lib/file-store.ts';

/** What every service receives: the database, settings, and the outside world's adapters. */
export interface Deps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  mailer: Mailer;
  files: FileStore;
}
