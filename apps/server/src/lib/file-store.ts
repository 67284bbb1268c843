// Uploaded files and generated exports live in a folder outside the web root, named by random
// keys; the original name is kept only in the database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { assert } from '@paywallet/ledger';

export interface FileStore {
  put(bytes: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer>;
  /**
   * A new file under `folder` (a few lowercase words), for a writer that streams: the key, and
   * a write stream to it. The caller ends the stream, or destroys it and removes the key.
   */
  create(folder: string, extension: string): Promise<NewFile>;
  /** A read stream of a stored file and its size; fails when the file is not there. */
  open(key: string): Promise<{ stream: Readable; bytes: number }>;
  /** Removes a stored file; a file already gone is not an error. */
  remove(key: string): Promise<void>;
}

export interface NewFile {
  key: string;
  stream: Writable;
  /** Bytes that reached the file so far. */
  bytesWritten(): number;
}

const KEY_PATTERN = /^[a-z0-9/-]+\.[a-z0-9]+$/;
const FOLDER_PATTERN = /^[a-z0-9-]{1,40}$/;

export function createFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    assert(KEY_PATTERN.test(key) && !key.includes('..'), `invalid storage key '${key}'`);
    return path.join(root, key);
  };
  const newKey = (extension: string, folder?: string) => {
    assert(folder === undefined || FOLDER_PATTERN.test(folder), `invalid storage folder '${folder}'`);
    const month = new Date().toISOString().slice(0, 7);
    return `${folder === undefined ? '' : `${folder}/`}${month}/${crypto.randomUUID()}.${extension}`;
  };
  return {
    async put(bytes, extension) {
      const key = newKey(extension);
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.writeFile(target, bytes, { mode: 0o600 });
      return key;
    },
    async get(key) {
      return fsp.readFile(resolve(key));
    },
    async create(folder, extension) {
      const key = newKey(extension, folder);
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const stream = fs.createWriteStream(target, { mode: 0o600, flags: 'wx' });
      return { key, stream, bytesWritten: () => stream.bytesWritten };
    },
    async open(key) {
      const target = resolve(key);
      const stat = await fsp.stat(target);
      return { stream: fs.createReadStream(target), bytes: stat.size };
    },
    async remove(key) {
      await fsp.rm(resolve(key), { force: true });
    },
  };
}
