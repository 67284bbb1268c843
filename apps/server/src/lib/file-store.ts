// Uploaded files live in a folder outside the web root, named by random keys; the original
// name is kept only in the database.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface FileStore {
  put(bytes: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer>;
}

export function createFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    if (!/^[a-z0-9/-]+\.[a-z0-9]+$/.test(key)) throw new Error('Invalid storage key');
    return path.join(root, key);
  };
  return {
    async put(bytes, extension) {
      const key = `${new Date().toISOString().slice(0, 7)}/${crypto.randomUUID()}.${extension}`;
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, bytes, { mode: 0o600 });
      return key;
    },
    async get(key) {
      return fs.readFile(resolve(key));
    },
  };
}
