// A database for a server PROCESS a test starts (main.ts, as `npm start` runs it), already
// migrated and seeded with the demo data: a copy of the run's demo template (test/
// template-database.ts). The process then starts in a second or two instead of migrating and
// seeding (the argon2 hashes, the RSA key) on every start, which on two busy cores took most of
// a minute per process.
//   PGlite: a data folder of its own, a copy of one folder migrated and seeded once per test
//   file (as a first start writes it, then closed). Not PGlite's loadDataDir into a folder: a
//   folder written that way aborted PGlite (RuntimeError: Aborted()) when a process opened it.
//   PostgreSQL: a scratch database made from the run's demo template database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { migrate, openDatabase } from '../db/database.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
import { seedTemplate } from './template-database.ts';

export interface StartedDatabase {
  /** DATA_DIR for the process (its PGlite database on PGlite; its files folder either way). */
  dataDir: string;
  /** DATABASE_URL for the process on PostgreSQL, '' on PGlite. */
  databaseUrl: string;
  scratch: ScratchDatabase | undefined;
  /** Removes the folder and drops the scratch database. */
  remove(): Promise<void>;
}

let seeded: Promise<string> | undefined;

/** A PGlite data folder migrated and seeded as main.ts's first start does it; made once per test file. */
function seededFolder(): Promise<string> {
  seeded ??= (async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-seeded-'));
    const handle = await openDatabase({ dataDir: folder });
    try {
      await migrate(handle.db);
      await seedTemplate(handle.db, 'demo');
    } finally {
      await handle.close();
    }
    return folder;
  })();
  return seeded;
}

/** Removes the seeded folder (afterAll of a file that used demoDatabaseForProcess). */
export async function removeSeededFolder(): Promise<void> {
  const folder = await seeded?.catch(() => undefined);
  seeded = undefined;
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
}

export async function demoDatabaseForProcess(prefix: string): Promise<StartedDatabase> {
  const templates = inject('testTemplates');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  let scratch: ScratchDatabase | undefined;
  if (templates.kind === 'postgres') {
    scratch = await createScratchDatabase(templates.adminUrl, prefix.replaceAll('-', '_'), { template: templates.databases.demo });
  } else {
    fs.cpSync(await seededFolder(), dataDir, { recursive: true });
  }
  return {
    dataDir,
    databaseUrl: scratch?.url ?? '',
    scratch,
    async remove() {
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
