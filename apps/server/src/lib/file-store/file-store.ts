// Where uploaded files (KYC documents, owners' documents) and generated exports are kept
// (docs/files.md). One interface, three stores:
//
//   folder     a folder on this node's disk (the embedded default, one node);
//   database   rows of the PostgreSQL database, in chunks (DATABASE_URL without an object store);
//   s3         an S3-compatible object store (S3_BUCKET and its settings).
//
// Every store names a file by a random key the store makes (`folder/yyyy-mm/uuid.ext`); the
// original name is kept only in the business row that points at the key. With the database or an
// object store, any node reads what another node wrote.
import crypto from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { assert } from '@paywallet/ledger';

export interface FileStore {
  /** Which store this is (logged at start, shown by tests). */
  readonly kind: FileStoreKind;
  /** Stores a small file whole (an upload already read into memory) and answers its new key. */
  put(bytes: Buffer, extension: string): Promise<string>;
  /** A stored file whole; fails when it is not there. For small files only: large ones are opened. */
  get(key: string): Promise<Buffer>;
  /**
   * A new file under `folder` (a few lowercase words), for a writer that streams: the key, and
   * a write stream to it. The stream's 'finish' means the file is stored and readable from any
   * node. The caller ends the stream, or destroys it and removes the key.
   */
  create(folder: string, extension: string): Promise<NewFile>;
  /** A read stream of a stored file and its size; fails when the file is not there. */
  open(key: string): Promise<{ stream: Readable; bytes: number }>;
  /** Whether a file is stored (completely written) under the key. */
  exists(key: string): Promise<boolean>;
  /** Up to `max` keys starting with `prefix` ('' for all), in key order: for tests and cleanups. */
  list(prefix: string, max: number): Promise<string[]>;
  /** Removes a stored file; a file already gone is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Removes up to `max` files whose writer started more than `olderThanMs` ago and never
   * finished (a process killed or a connection lost mid-file); answers how many. Complete files
   * and younger writers are left alone ('sweep-incomplete-files' schedule).
   */
  sweepIncomplete(olderThanMs: number, max: number): Promise<number>;
  /** Lets go of what the store holds open (an object store's connections). */
  close(): Promise<void>;
}

export const FILE_STORE_KINDS = ['folder', 'database', 's3'] as const;
export type FileStoreKind = (typeof FILE_STORE_KINDS)[number];

export interface NewFile {
  key: string;
  stream: Writable;
  /** Bytes that reached the file so far. */
  bytesWritten(): number;
}

/** The most keys one `list` answers. */
export const LIST_KEYS_MAX = 1000;

const KEY_PATTERN = /^[a-z0-9/-]+\.[a-z0-9]+$/;
const FOLDER_PATTERN = /^[a-z0-9-]{1,40}$/;
const EXTENSION_PATTERN = /^[a-z0-9]{1,10}$/;
const PREFIX_PATTERN = /^[a-z0-9/.-]{0,200}$/;

/** Whether `name` has the shape of a key a store made (a store's own working names have not). */
export function isStorageKey(name: string): boolean {
  return KEY_PATTERN.test(name) && !name.includes('..') && !name.startsWith('/') && name.length <= 200;
}

/** Asserts that `key` is one a store made: no '..', no leading '/', nothing a path or URL could twist. */
export function assertStorageKey(key: string): void {
  assert(isStorageKey(key), `invalid storage key '${key}'`);
}

export function assertSweep(olderThanMs: number, max: number): void {
  assert(Number.isInteger(olderThanMs) && olderThanMs >= 0, `sweep age ${olderThanMs} ms is a whole number of ms`);
  assert(Number.isInteger(max) && max >= 1 && max <= LIST_KEYS_MAX, `sweep max ${max} within 1..${LIST_KEYS_MAX}`);
}

export function assertListing(prefix: string, max: number): void {
  assert(PREFIX_PATTERN.test(prefix) && !prefix.includes('..'), `invalid storage prefix '${prefix}'`);
  assert(Number.isInteger(max) && max >= 1 && max <= LIST_KEYS_MAX, `list max ${max} within 1..${LIST_KEYS_MAX}`);
}

/** A new random key: `[folder/]yyyy-mm/uuid.extension`. */
export function newStorageKey(extension: string, folder?: string): string {
  assert(folder === undefined || FOLDER_PATTERN.test(folder), `invalid storage folder '${folder}'`);
  assert(EXTENSION_PATTERN.test(extension), `invalid storage extension '${extension}'`);
  const month = new Date().toISOString().slice(0, 7);
  return `${folder === undefined ? '' : `${folder}/`}${month}/${crypto.randomUUID()}.${extension}`;
}

/** The error a store throws for a key that holds no file (each store maps its own not-found to it). */
export class StoredFileNotFound extends Error {
  constructor(key: string) {
    super(`no stored file '${key}'`);
    this.name = 'StoredFileNotFound';
  }
}
