// Template databases: the migrated and seeded database is built once per test run (vitest's
// globalSetup of the server projects) and every test file starts from a copy of it, so a file
// no longer pays for the migrations, the argon2 hashes of the demo accounts and the envelope's
// RSA key. Two templates: 'demo' (reference data and the demo accounts, what the app seeds on
// a first start) and 'reference' (reference data only: createTestApp(..., { demo: false })).
//   PGlite: the template is a dump of the data folder (dumpDataDir) in a file; a test file
//   loads it into a fresh in-memory PGlite (loadDataDir).
//   PostgreSQL: the template is a database; a test file gets CREATE DATABASE x TEMPLATE y and
//   drops it when it closes. The run's teardown drops the templates.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { migrate, openDatabase, type Db, type DatabaseHandle, type OpenOptions } from '../db/database.ts';
import { PGlitePool } from '../db/pglite-pool.ts';
import type { Database } from '../db/schema.ts';
import { seedDemoData, seedReferenceData } from '../seed/seed.ts';
import { loadEnvelopeKeys } from '../transport/envelope.ts';
import { createScratchDatabase, dropDatabase } from './scratch-database.ts';

export type TemplateName = 'demo' | 'reference';

export type TestTemplates =
  | { kind: 'pglite'; dumpFiles: Record<TemplateName, string> }
  | { kind: 'postgres'; adminUrl: string; databases: Record<TemplateName, string> };

/** What a globalSetup hands to the test files (vitest provide/inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates;
  }
}

export interface BuiltTemplates {
  templates: TestTemplates;
  /** Removes the templates (dump files or databases). */
  remove(): Promise<void>;
}

/**
 * Everything a first start writes before the app serves: reference data, then (for 'demo') the
 * demo accounts; and the envelope key pair either way, so no test file generates an RSA key.
 */
export async function seedTemplate(db: Db, name: TemplateName): Promise<void> {
  await (name === 'demo' ? seedDemoData(db) : seedReferenceData(db));
  await loadEnvelopeKeys(db);
}

export async function buildTemplates(target: { kind: 'pglite' } | { kind: 'postgres'; adminUrl: string }): Promise<BuiltTemplates> {
  return target.kind === 'pglite' ? buildPgliteTemplates() : buildPostgresTemplates(target.adminUrl);
}

/** One database, dumped twice: after the reference data, and again after the demo accounts. */
async function buildPgliteTemplates(): Promise<BuiltTemplates> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-test-templates-'));
  const pool = new PGlitePool(undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrate(db);
    const dumpFiles = {} as Record<TemplateName, string>;
    for (const name of ['reference', 'demo'] as const) {
      await seedTemplate(db, name);
      // Uncompressed: a larger file, but loading it skips the gunzip on every test file.
      const dump = await pool.pglite.dumpDataDir('none');
      dumpFiles[name] = path.join(folder, `${name}.tar`);
      fs.writeFileSync(dumpFiles[name], Buffer.from(await dump.arrayBuffer()));
    }
    return {
      templates: { kind: 'pglite', dumpFiles },
      remove: async () => fs.rmSync(folder, { recursive: true, force: true }),
    };
  } finally {
    await db.destroy();
  }
}

/** The reference template first; the demo template is a copy of it with the demo accounts added. */
async function buildPostgresTemplates(adminUrl: string): Promise<BuiltTemplates> {
  const made: string[] = [];
  const remove = async () => {
    for (const name of made.reverse()) await dropDatabase(adminUrl, name);
  };
  try {
    const reference = await createScratchDatabase(adminUrl, 'pw_template_reference');
    made.push(reference.name);
    await withDatabase(openDatabase({ databaseUrl: reference.url }), async (db) => {
      await migrate(db);
      await seedTemplate(db, 'reference');
    });
    const demo = await createScratchDatabase(adminUrl, 'pw_template_demo', { template: reference.name });
    made.push(demo.name);
    await withDatabase(openDatabase({ databaseUrl: demo.url }), (db) => seedTemplate(db, 'demo'));
    return { templates: { kind: 'postgres', adminUrl, databases: { reference: reference.name, demo: demo.name } }, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

async function withDatabase(opening: Promise<DatabaseHandle>, work: (db: Db) => Promise<void>): Promise<void> {
  const handle = await opening;
  try {
    await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** A database of its own for one test file, copied from a template; drop() removes it. */
export async function databaseFromTemplate(
  templates: TestTemplates,
  name: TemplateName,
  hooks: Pick<OpenOptions, 'onStatement'> = {},
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void>; url?: string }> {
  if (templates.kind === 'pglite') {
    const dump = new Blob([fs.readFileSync(templates.dumpFiles[name])]);
    return { handle: await openDatabase({ dataDir: 'memory://', loadDataDir: dump, ...hooks }), drop: async () => {} };
  }
  const scratch = await createScratchDatabase(templates.adminUrl, 'pw_test', { template: templates.databases[name] });
  return { handle: await openDatabase({ databaseUrl: scratch.url, ...hooks }), drop: () => scratch.drop(), url: scratch.url };
}
