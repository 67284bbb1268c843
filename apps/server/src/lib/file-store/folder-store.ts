// The folder store: files on this node's disk under one folder outside the web root (the embedded
// default, and today's behaviour). Only the node that wrote a file can read it.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { assertListing, assertStorageKey, newStorageKey, StoredFileNotFound, type FileStore } from './file-store.ts';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

export function createFolderStore(root: string): FileStore {
  const resolve = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  const notFoundAs = (key: string) => (error: unknown) => {
    throw isMissing(error) ? new StoredFileNotFound(key) : error;
  };
  return {
    kind: 'folder',
    async put(bytes, extension) {
      const key = newStorageKey(extension);
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.writeFile(target, bytes, { mode: 0o600 });
      return key;
    },
    async get(key) {
      return fsp.readFile(resolve(key)).catch(notFoundAs(key));
    },
    async create(folder, extension) {
      const key = newStorageKey(extension, folder);
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Opened before the writer is handed out: a stream that opens its file itself does so later,
      // so a caller giving up at once (destroy, then remove) could remove nothing and the file
      // appear after it.
      const handle = await fsp.open(target, 'wx', 0o600);
      const stream = handle.createWriteStream();
      return { key, stream, bytesWritten: () => stream.bytesWritten };
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
        .filter((key) => key.startsWith(prefix))
        .sort()
        .slice(0, max);
    },
    async remove(key) {
      await fsp.rm(resolve(key), { force: true });
    },
    async close() {},
  };
}
