// Opens the database: a PostgreSQL server when a URL is given, else embedded PGlite, and
// applies the versioned migrations. The same SQL runs on both.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, type LogEvent, type Migration, type MigrationProvider, type Transaction } from 'kysely';
import pg from 'pg';
import { withNamedStatements } from './named-statements.ts';
import { PGlitePool } from './pglite-pool.ts';
import type { Database } from './schema.ts';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-money.ts';
import * as m0003 from './migrations/0003-system-accounts.ts';
import * as m0004 from './migrations/0004-audit-and-scope.ts';
import * as m0005 from './migrations/0005-stores.ts';
import * as m0006 from './migrations/0006-jobs.ts';
import * as m0007 from './migrations/0007-store-reviews.ts';
import * as m0008 from './migrations/0008-store-owners.ts';
import * as m0010 from './migrations/0010-pos-devices.ts';
import * as m0011 from './migrations/0011-people.ts';
import * as m0012 from './migrations/0012-merchant-payments.ts';
import * as m0018 from './migrations/0018-reports.ts';
import * as m0013 from './migrations/0013-payment-links.ts';
import * as m0016 from './migrations/0016-api-payments.ts';
import * as m0014 from './migrations/0014-checkout.ts';
import * as m0017 from './migrations/0017-pos-sessions.ts';
import * as m0015 from './migrations/0015-app-settings-webhooks.ts';
import * as m0019 from './migrations/0019-checkout-api-payments.ts';
import * as m0023 from './migrations/0023-impersonation-sessions.ts';
import * as m0020 from './migrations/0020-posting-keys-batch-runs.ts';
import * as m0022 from './migrations/0022-sealed-next-action.ts';
import * as m0026 from './migrations/0026-refund-history.ts';
import * as m0027 from './migrations/0027-transaction-rollups.ts';
import * as m0028 from './migrations/0028-approval-codes.ts';
import * as m0029 from './migrations/0029-transaction-party-indexes.ts';
import * as m0030 from './migrations/0030-settlements.ts';
import * as m0031 from './migrations/0031-withdrawals.ts';
import * as m0032 from './migrations/0032-ledger-health.ts';
import * as m0034 from './migrations/0034-stored-files.ts';
import * as m0035 from './migrations/0035-customer-contact-locks.ts';
import * as m0039 from './migrations/0039-daily-send-usage.ts';
import * as m0040 from './migrations/0040-incomplete-stored-files.ts';
import * as m0041 from './migrations/0041-customer-country-when.ts';
import * as m0042 from './migrations/0042-wallet-credit-slots.ts';

export type Db = Kysely<Database>;
/** The database or a transaction on it: repositories take either as their first argument. */
export type Queryable = Db | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-money': m0002,
  '0003-system-accounts': m0003,
  '0004-audit-and-scope': m0004,
  '0005-stores': m0005,
  '0006-jobs': m0006,
  '0007-store-reviews': m0007,
  '0008-store-owners': m0008,
  '0010-pos-devices': m0010,
  '0011-people': m0011,
  '0012-merchant-payments': m0012,
  '0018-reports': m0018,
  '0013-payment-links': m0013,
  '0016-api-payments': m0016,
  '0014-checkout': m0014,
  '0017-pos-sessions': m0017,
  '0015-app-settings-webhooks': m0015,
  '0019-checkout-api-payments': m0019,
  '0023-impersonation-sessions': m0023,
  '0020-posting-keys-batch-runs': m0020,
  '0022-sealed-next-action': m0022,
  '0026-refund-history': m0026,
  '0027-transaction-rollups': m0027,
  '0028-approval-codes': m0028,
  '0029-transaction-party-indexes': m0029,
  '0030-settlements': m0030,
  '0031-withdrawals': m0031,
  '0032-ledger-health': m0032,
  '0034-stored-files': m0034,
  '0035-customer-contact-locks': m0035,
  '0039-daily-send-usage': m0039,
  '0040-incomplete-stored-files': m0040,
  '0041-customer-country-when': m0041,
  '0042-wallet-credit-slots': m0042,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  loadDataDir?: Blob;
  /** Hears every statement sent, BEGIN and COMMIT included (tests count what a call costs). */
  onStatement?: (sql: string) => void;
  /**
   * PostgreSQL server only: statements sent again and again are prepared on each connection and
   * run by name (db/named-statements.ts; DATABASE_PREPARED_STATEMENTS, default on). Off behind a
   * pooler in transaction mode that does not keep them (PgBouncer before 1.21).
   */
  preparedStatements?: boolean;
}

/**
 * Where: a postgres:// URL, a folder for PGlite, or 'memory://' for a throw-away PGlite.
 * `loadDataDir` starts PGlite from a dump of another database's files (PGlite's dumpDataDir):
 * tests start every file from one migrated and seeded template instead of migrating again.
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  // Kysely's log hook sees every statement on a connection, the transaction's own too.
  const onStatement = options.onStatement;
  const log = onStatement ? { log: (event: LogEvent) => onStatement(event.query.sql) } : {};
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 20,
      types: {
        getTypeParser: (oid: number, format?: string) =>
          oid === 20 ? (value: string) => BigInt(value) : pg.types.getTypeParser(oid, format as 'text'),
      },
    });
    // An idle connection lost (the server restarted, a network cut) is dropped from the pool and
    // replaced on the next query; without a listener pg's 'error' event would end the process.
    pool.on('error', (error) => process.emitWarning(`an idle database connection was lost: ${error.message}`));
    const dialectPool = options.preparedStatements === false ? pool : withNamedStatements(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: dialectPool }), ...log });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let folder: string | undefined;
  if (options.dataDir && options.dataDir !== 'memory://') {
    folder = path.join(options.dataDir, 'pgdata');
    fs.mkdirSync(folder, { recursive: true });
  }
  const pool = new PGlitePool(folder, options.loadDataDir);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...log });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/**
 * A migration the database refused: the server does not start on a schema it cannot finish.
 * Neither a defect of the calling code nor a caller's mistake, so it has a class of its own,
 * carrying the database's error as its cause.
 */
export class MigrationError extends Error {
  constructor(migrationName: string, cause: unknown) {
    super(`Migration ${migrationName || '(the migrator itself)'} failed: ${describeCause(cause)}`, { cause });
    this.name = 'MigrationError';
  }
}

/** The database's error as text: PGlite may throw a plain object, which String() reads as [object Object]. */
function describeCause(cause: unknown): string {
  if (cause instanceof Error || typeof cause !== 'object' || cause === null) return String(cause);
  try {
    return JSON.stringify(cause);
  } catch {
    return String(cause);
  }
}

export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new MigrationError(failed?.migrationName ?? '', error);
}
