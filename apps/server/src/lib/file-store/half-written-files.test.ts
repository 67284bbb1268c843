// Files whose writer died half way are swept (docs/files.md; PostgreSQL: a second process needs a
// database server). A child process (half-written-files-process.ts) starts a streamed file in the
// database store and one in a folder store, writes two and a half chunks into each and is
// SIGKILLed with both unfinished. Neither is ever seen as a file. The 'sweep-incomplete-files' job
// leaves them while they are younger than its bound, and once they are older removes the dead
// writer's row and chunks (and the folder's working file), while complete files, however old, and
// a live writer's file are left alone and still read back whole. On PGlite the same sweep is
// proved by file-store.test.ts with a writer that is abandoned without a process to kill.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../jobs/queue.ts';
import { childRunnerFixture, onPostgres } from '../../test/child-runner.ts';
import { CHUNK_BYTES } from './database-store.ts';
import { LIST_KEYS_MAX, type FileStore, type NewFile } from './file-store.ts';
import { FILE_STORE_JOBS, INCOMPLETE_FILE_AGE_MS, sweepIncompleteFiles } from './file-store.jobs.ts';
import { createFolderStore, WRITING_FOLDER } from './folder-store.ts';

const CHILD_SCRIPT = 'apps/server/src/lib/file-store/half-written-files-process.ts';
const fixture = childRunnerFixture('pw-half-written-files');

/** Past the sweep's bound. */
const longAgo = () => new Date(Date.now() - 2 * INCOMPLETE_FILE_AGE_MS);

async function incompleteFiles(): Promise<Array<{ key: string; chunks: number }>> {
  const rows = await fixture.t.deps.db
    .selectFrom('stored_files')
    .leftJoin('stored_file_chunks', 'stored_file_chunks.file_key', 'stored_files.key')
    .select(['stored_files.key', (eb) => eb.fn.count<string>('stored_file_chunks.seq').as('chunks')])
    .where('stored_files.completed_at', 'is', null)
    .groupBy('stored_files.key')
    .execute();
  return rows.map((row) => ({ key: row.key, chunks: Number(row.chunks) }));
}

/** The schedule's job, enqueued and run here: answers the runner's outcomes. */
async function sweepByJob(): Promise<string[]> {
  await enqueueJob(fixture.t.deps.db, 'sweep-incomplete-files', {});
  return fixture.resume('sweep-incomplete-files', FILE_STORE_JOBS);
}

async function finish(file: NewFile, bytes: Buffer): Promise<void> {
  const finished = once(file.stream, 'finish');
  file.stream.end(bytes);
  await finished;
}

describe.skipIf(!onPostgres)('a writer killed half way through a file', () => {
  let folder: string;
  let folderStore: FileStore;

  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-half-written-folder-'));
    folderStore = createFolderStore(folder);
  });
  afterAll(() => {
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('leaves chunks the sweep removes past its bound, and the sweep leaves complete files and live writers alone', async () => {
    const files = fixture.t.deps.files;
    expect(files.kind).toBe('database');
    const whole = Buffer.alloc(CHUNK_BYTES + 10, 3);
    const complete = { database: await files.put(whole, 'png'), folder: await folderStore.put(whole, 'png') };
    // Complete files as old as the dead writer's: age alone does not sweep a file.
    await fixture.t.deps.db.updateTable('stored_files').set({ created_at: longAgo() }).execute();

    const child = await fixture.startChild(folder, CHILD_SCRIPT);
    const working = path.join(folder, WRITING_FOLDER);
    await fixture.until('the child to write two chunks of each file', async () => {
      const inDatabase = (await incompleteFiles()).some((file) => file.chunks === 2);
      const names = await fsp.readdir(working).catch(() => []);
      const onDisk = names.length === 1 && (await fsp.stat(path.join(working, names[0]!))).size > 2 * CHUNK_BYTES;
      return inDatabase && onDisk;
    });
    await fixture.killChild(child);
    await fixture.untilChildLeft();
    const [dead] = await incompleteFiles();
    const [deadWorking] = await fsp.readdir(working);
    expect(dead!.chunks).toBe(2);
    // Half a file is never a file: not there for any reader, not listed.
    expect(await files.exists(dead!.key)).toBe(false);
    expect(await files.list('reports/', LIST_KEYS_MAX)).toEqual([]);
    expect(await folderStore.list('', LIST_KEYS_MAX)).toEqual([complete.folder]);

    // A live writer in this process, started after the dead one.
    const live = { database: await files.create('reports', 'xlsx'), folder: await folderStore.create('reports', 'xlsx') };
    for (const file of [live.database, live.folder]) file.stream.write(Buffer.alloc(CHUNK_BYTES, 5));

    // Younger than the bound: nothing is swept.
    expect(await sweepByJob()).toEqual(['done']);
    expect(await sweepIncompleteFiles({ files: folderStore })).toBe(0);
    expect((await incompleteFiles()).map((file) => file.key)).toContain(dead!.key);

    // Past the bound (by the database's clock for the database, by the last write on disk).
    await fixture.t.deps.db.updateTable('stored_files').set({ created_at: longAgo() }).where('key', '=', dead!.key).execute();
    await fsp.utimes(path.join(working, deadWorking!), longAgo(), longAgo());
    expect(await sweepByJob()).toEqual(['done']);
    expect(await sweepIncompleteFiles({ files: folderStore })).toBe(1);

    const chunksLeft = await fixture.t.deps.db.selectFrom('stored_file_chunks').select('seq').where('file_key', '=', dead!.key).execute();
    expect(chunksLeft).toEqual([]);
    expect((await incompleteFiles()).map((file) => file.key)).toEqual([live.database.key]);
    const workingLeft = await fsp.readdir(working);
    expect(workingLeft).toHaveLength(1);
    expect(workingLeft).not.toContain(deadWorking);
    // Buffers compared with equals: toEqual walks a MiB byte by byte for seconds.
    expect((await files.get(complete.database)).equals(whole)).toBe(true);
    expect((await folderStore.get(complete.folder)).equals(whole)).toBe(true);

    // The live writers finish and are read back whole.
    const tail = Buffer.alloc(100, 6);
    const expected = Buffer.concat([Buffer.alloc(CHUNK_BYTES, 5), tail]);
    await finish(live.database, tail);
    await finish(live.folder, tail);
    expect((await files.get(live.database.key)).equals(expected)).toBe(true);
    expect((await folderStore.get(live.folder.key)).equals(expected)).toBe(true);
    expect(await fsp.readdir(working)).toEqual([]);
  });
});
