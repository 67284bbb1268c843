// The folder store: files on this node's disk under one folder outside the web root (the embedded
// default, and today's behaviour). Only the node that wrote a file can read it.
//
// A streaming writer writes into WRITING_FOLDER and renames the file to its key once it is
// complete, so a reader never sees half a file, and what a killed writer leaves is found there
// (by sweepIncomplete) rather than mistaken for a stored file. A rename within one folder tree
// is atomic.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import {
  assertListing,
  assertStorageKey,
  assertSweep,
  isStorageKey,
  newStorageKey,
  StoredFileNotFound,
  type FileStore,
} from './file-store.ts';

/** Where files being written lie until complete; a name no key can have (keys start with [a-z0-9]). */
export const WRITING_FOLDER = '.writing';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** A key's working file: its folders flattened into the name ('_' is in no key, so no two meet). */
export function workingPathOf(root: string, key: string): string {
  assertStorageKey(key);
  return path.join(root, WRITING_FOLDER, key.replaceAll('/', '_'));
}

/**
 * A stream that writes the open `handle` (a file in the writing folder) and, at the end, closes
 * it and renames it to `target`: 'finish' means the file is stored. A writer destroyed stops
 * there; the caller's remove takes the working file away.
 */
function renamingWriter(handle: fsp.FileHandle, working: string, target: string): { stream: Writable; bytesWritten: () => number } {
  let written = 0;
  // Each piece at its own offset, until all of it is written (a write may take only part).
  const writeAll = async (piece: Buffer) => {
    for (let done = 0; done < piece.length;) {
      const { bytesWritten } = await handle.write(piece, done, piece.length - done, written);
      done += bytesWritten;
      written += bytesWritten;
    }
  };
  const stream = new Writable({
    write(piece: Buffer, _encoding, callback) {
      writeAll(piece).then(() => callback(), callback);
    },
    final(callback) {
      // A working file removed meanwhile (the caller gave up) fails the rename: nothing appears.
      handle
        .close()
        .then(() => fsp.mkdir(path.dirname(target), { recursive: true }))
        .then(() => fsp.rename(working, target))
        .then(() => callback(), callback);
    },
    destroy(error, callback) {
      handle.close().then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
  return { stream, bytesWritten: () => written };
}

export function createFolderStore(root: string): FileStore {
  const resolve = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  const workingPath = (key: string) => workingPathOf(root, key);
  const notFoundAs = (key: string) => (error: unknown) => {
    throw isMissing(error) ? new StoredFileNotFound(key) : error;
  };
  return {
    kind: 'folder',
    async put(bytes, extension) {
      // Through the writing folder too, so a process killed mid-write leaves no half file as a key.
      const key = newStorageKey(extension);
      const working = workingPath(key);
      await fsp.mkdir(path.dirname(working), { recursive: true });
      await fsp.writeFile(working, bytes, { mode: 0o600, flag: 'wx' });
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(working, target);
      return key;
    },
    async get(key) {
      return fsp.readFile(resolve(key)).catch(notFoundAs(key));
    },
    async create(folder, extension) {
      const key = newStorageKey(extension, folder);
      const working = workingPath(key);
      await fsp.mkdir(path.dirname(working), { recursive: true });
      // Opened before the writer is handed out: a stream that opens its file itself does so later,
      // so a caller giving up at once (destroy, then remove) could remove nothing and the file
      // appear after it.
      const handle = await fsp.open(working, 'wx', 0o600);
      return { key, ...renamingWriter(handle, working, resolve(key)) };
    },
    async open(key) {
      const target = resolve(key);
      const stat = await fsp.stat(target).catch(notFoundAs(key));
      return { stream: fs.createReadStream(target), bytes: stat.size };
    },
    async exists(key) {
      return fsp.stat(resolve(key)).then(
        (stat) => stat.isFile(),
        (error: unknown) => {
          if (isMissing(error)) return false;
          throw error;
        },
      );
    },
    async list(prefix, max) {
      assertListing(prefix, max);
      // Walk only the folder the prefix names, not the whole store.
      const start = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const entries = await fsp.readdir(path.join(root, start), { recursive: true, withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .filter((key) => isStorageKey(key) && key.startsWith(prefix))
        .sort()
        .slice(0, max);
    },
    async remove(key) {
      await fsp.rm(resolve(key), { force: true });
      await fsp.rm(workingPath(key), { force: true });
    },
    async sweepIncomplete(olderThanMs, max) {
      assertSweep(olderThanMs, max);
      // Age by the last write (mtime): a slow writer still writing is not taken for a dead one.
      const folder = path.join(root, WRITING_FOLDER);
      const names = await fsp.readdir(folder).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      const bound = Date.now() - olderThanMs;
      let removed = 0;
      for (const name of names.sort()) {
        if (removed >= max) break;
        const stat = await fsp.stat(path.join(folder, name)).catch((error: unknown) => {
          if (isMissing(error)) return undefined;
          throw error;
        });
        if (stat === undefined || stat.mtimeMs >= bound) continue;
        await fsp.rm(path.join(folder, name), { force: true });
        removed += 1;
      }
      return removed;
    },
    async close() {},
  };
}
