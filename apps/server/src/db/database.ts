// Opens the database: a PostgreSQL server when a URL is given, else embedded PGlite, and
// applies the versioned migrations. The same SQL runs on both.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { PGlitePool } from './pglite-pool.ts';
import type { Database } from './schema.ts';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-money.ts';
import * as m0003 from './migrations/0003-system-accounts.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-money': m0002,
  '0003-system-accounts': m0003,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/** Where: a postgres:// URL, a folder for PGlite, or 'memory://' for a throw-away PGlite. */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 20,
      types: {
        getTypeParser: (oid: number, format?: string) =>
          oid === 20 ? (value: string) => BigInt(value) : pg.types.getTypeParser(oid, format as 'text'),
      },
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let folder: string | undefined;
  if (options.dataDir && options.dataDir !== 'memory://') {
    folder = path.join(options.dataDir, 'pgdata');
    fs.mkdirSync(folder, { recursive: true });
  }
  const pool = new PGlitePool(folder);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
