// The database store: files as rows of PostgreSQL (the default with DATABASE_URL and no object
// store), so that every node reads what any node wrote. A file is a row of stored_files and its
// bytes in chunks of CHUNK_BYTES (migration 0034): a writer sends a chunk as soon as it has one,
// a reader fetches one chunk at a time as the consumer asks, so an export of tens of MB never
// sits whole in memory, on either side. A file becomes visible only once its last chunk is in
// (completed_at), so a reader never sees half a file.
//
// Each statement runs on its own connection from the pool, outside any business transaction: a
// caller stores a file before the transaction that points at it and removes it if that rolls
// back (lib/released-files.ts). On PGlite (one connection) that is also what keeps a store call
// from waiting on a transaction that waits on it.
import { Readable, Writable } from 'node:stream';
import { assert } from '@paywallet/ledger';
import type { Db } from '../../db/database.ts';
import { assertListing, assertStorageKey, assertSweep, newStorageKey, StoredFileNotFound, type FileStore } from './file-store.ts';
import * as repository from './stored-files.repository.ts';

/** Bytes per chunk row: large enough that a 50 MB export is 50 rows, small enough to hold a few. */
export const CHUNK_BYTES = 1024 * 1024;

/** A chunk as a Buffer over the same memory (pg answers Buffers, PGlite Uint8Arrays). */
function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * A stream that writes `key` chunk by chunk; 'finish' once the last chunk is in and the file is
 * marked complete. Holds at most one chunk plus the piece being written.
 */
function chunkWriter(db: Db, key: string): { stream: Writable; bytesWritten: () => number } {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let written = 0;
  // A writer that was destroyed (the export gave up) stops sending chunks; the caller removes the key.
  const flush = async (all: boolean) => {
    while (!stream.destroyed && (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0))) {
      const joined = Buffer.concat(pending, pendingBytes);
      const chunk = joined.subarray(0, Math.min(CHUNK_BYTES, joined.length));
      await repository.insertChunk(db, key, seq, chunk);
      seq += 1;
      written += chunk.length;
      const rest = joined.subarray(chunk.length);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
    }
  };
  const stream = new Writable({
    write(piece: Buffer, _encoding, callback) {
      pending.push(piece);
      pendingBytes += piece.length;
      flush(false).then(() => callback(), callback);
    },
    final(callback) {
      flush(true)
        .then(() => repository.completeFile(db, key, written))
        .then((completed) => callback(completed ? null : new Error(`stored file '${key}' was removed while it was written`)), callback);
    },
  });
  return { stream, bytesWritten: () => written };
}

/** The chunks of `key` in order, fetched one at a time as the consumer reads. */
function chunkReader(db: Db, key: string, sizeBytes: number): Readable {
  async function* chunks() {
    let read = 0;
    for (let seq = 0; read < sizeBytes; seq += 1) {
      const data = await repository.findChunk(db, key, seq);
      if (data === undefined) throw new StoredFileNotFound(key);
      read += data.byteLength;
      yield asBuffer(data);
    }
    assert(read === sizeBytes, `stored file '${key}' read ${read} bytes of ${sizeBytes}`);
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: CHUNK_BYTES });
}

export function createDatabaseStore(db: Db): FileStore {
  async function sizeOf(key: string): Promise<number> {
    assertStorageKey(key);
    const size = await repository.findCompletedFileSize(db, key);
    if (size === undefined) throw new StoredFileNotFound(key);
    return Number(size);
  }
  const store: FileStore = {
    kind: 'database',
    async put(bytes, extension) {
      // A small file goes in one transaction: all of it, or nothing.
      const key = newStorageKey(extension);
      await db.transaction().execute(async (trx) => {
        await repository.insertFile(trx, key);
        for (let offset = 0, seq = 0; offset < bytes.length; offset += CHUNK_BYTES, seq += 1) {
          await repository.insertChunk(trx, key, seq, bytes.subarray(offset, offset + CHUNK_BYTES));
        }
        assert(await repository.completeFile(trx, key, bytes.length), `stored file '${key}' completed`);
      });
      return key;
    },
    async get(key) {
      const size = await sizeOf(key);
      const parts: Buffer[] = [];
      for await (const part of chunkReader(db, key, size)) parts.push(part as Buffer);
      return Buffer.concat(parts, size);
    },
    async create(folder, extension) {
      const key = newStorageKey(extension, folder);
      await repository.insertFile(db, key);
      return { key, ...chunkWriter(db, key) };
    },
    async open(key) {
      const size = await sizeOf(key);
      return { stream: chunkReader(db, key, size), bytes: size };
    },
    async exists(key) {
      assertStorageKey(key);
      return (await repository.findCompletedFileSize(db, key)) !== undefined;
    },
    async list(prefix, max) {
      assertListing(prefix, max);
      return repository.listCompletedKeys(db, prefix, max);
    },
    async remove(key) {
      assertStorageKey(key);
      await repository.deleteFile(db, key);
    },
    async sweepIncomplete(olderThanMs, max) {
      assertSweep(olderThanMs, max);
      return repository.deleteIncompleteFiles(db, olderThanMs, max);
    },
    async close() {},
  };
  return store;
}
