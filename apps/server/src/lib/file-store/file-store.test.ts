// The file store's contract, run against each store: the folder (a temporary directory), the
// database (this run's database: PGlite, or the PostgreSQL server in the server-postgres project)
// and S3 (s3rver, an S3-compatible server started in this process on a loopback port, through
// the AWS SDK with path-style URLs). Each proves the same things: a small file and a streamed
// file of many chunks and parts come back byte for byte, a missing key is StoredFileNotFound,
// removal is final and repeatable, a writer that gives up leaves nothing, and a key a store did
// not make is refused before anything is touched.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { CHUNK_BYTES, createDatabaseStore } from './database-store.ts';
import { LIST_KEYS_MAX, StoredFileNotFound, type FileStore } from './file-store.ts';
import { createFolderStore } from './folder-store.ts';
import { createS3Store, UPLOAD_PART_BYTES } from './s3-store.ts';

const BUCKET = 'paywallet-files';

/** Bytes that differ at every offset (a repeated pattern would hide a chunk written twice or out of order). */
function noise(bytes: number): Buffer {
  return crypto.createHash('shake256', { outputLength: bytes }).update(String(bytes)).digest();
}

/** Writes `bytes` through a new file in uneven pieces, waiting for the stream like the export writers do. */
async function streamed(store: FileStore, bytes: Buffer): Promise<{ key: string; bytesWritten: number }> {
  const file = await store.create('reports', 'xlsx');
  const finished = once(file.stream, 'finish');
  for (let offset = 0, step = 1; offset < bytes.length; offset += step, step = (step * 7 + 13_001) % 400_000) {
    if (!file.stream.write(bytes.subarray(offset, offset + step))) await once(file.stream, 'drain');
  }
  file.stream.end();
  await finished;
  return { key: file.key, bytesWritten: file.bytesWritten() };
}

async function readAll(store: FileStore, key: string): Promise<{ bytes: number; body: Buffer }> {
  const opened = await store.open(key);
  const parts: Buffer[] = [];
  for await (const part of opened.stream) parts.push(part as Buffer);
  return { bytes: opened.bytes, body: Buffer.concat(parts) };
}

let t: TestApp;
let folderRoot: string;
let s3Server: S3rver;
let s3Directory: string;
let s3Endpoint: string;

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  folderRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-folder-store-'));
  s3Directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-s3rver-'));
  s3Server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3Server.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3Server?.close();
  await t?.close();
  fs.rmSync(folderRoot, { recursive: true, force: true });
  fs.rmSync(s3Directory, { recursive: true, force: true });
});

const stores: Array<[string, () => FileStore]> = [
  ['folder', () => createFolderStore(folderRoot)],
  ['database', () => createDatabaseStore(t.deps.db)],
  [
    's3',
    () =>
      createS3Store({
        bucket: BUCKET,
        region: 'us-east-1',
        endpoint: s3Endpoint,
        forcePathStyle: true,
        // s3rver's own fixed credentials: it checks signatures made with them.
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        keyPrefix: 'test/',
      }),
  ],
];

describe.each(stores)('the %s file store', (kind, make) => {
  let store: FileStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(async () => {
    await store.close();
  });

  it('keeps a small file whole and answers it by its key, under a random name', async () => {
    const bytes = noise(3_000);
    const key = await store.put(bytes, 'png');
    expect(store.kind).toBe(kind);
    expect(key).toMatch(/^\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(await store.get(key)).toEqual(bytes);
    expect(await store.exists(key)).toBe(true);
    expect(await store.list(key.slice(0, 8), LIST_KEYS_MAX)).toContain(key);
    const opened = await readAll(store, key);
    expect(opened).toEqual({ bytes: bytes.length, body: bytes });
  });

  it('streams a file of several chunks and upload parts in, and back out byte for byte', async () => {
    // On S3 a multipart upload of three parts; elsewhere four chunks (bytea through embedded
    // PGlite's WASM is slow, about 1 MB/s, and the folder needs no more).
    const bytes = noise(kind === 's3' ? 2 * UPLOAD_PART_BYTES + 12_345 : 3 * CHUNK_BYTES + 12_345);
    expect(bytes.length).toBeGreaterThan(kind === 's3' ? 2 * UPLOAD_PART_BYTES : 3 * CHUNK_BYTES);
    const { key, bytesWritten } = await streamed(store, bytes);
    expect(key).toMatch(/^reports\/\d{4}-\d{2}\/[0-9a-f-]{36}\.xlsx$/);
    expect(bytesWritten).toBe(bytes.length);
    const read = await readAll(store, key);
    expect(read.bytes).toBe(bytes.length);
    expect(read.body.equals(bytes)).toBe(true);
    expect(await store.list('reports/', LIST_KEYS_MAX)).toContain(key);
    if (kind === 'database') {
      const chunks = await t.deps.db.selectFrom('stored_file_chunks').select(['seq']).where('file_key', '=', key).orderBy('seq').execute();
      expect(chunks.map((chunk) => chunk.seq)).toEqual([...Array(Math.ceil(bytes.length / CHUNK_BYTES)).keys()]);
    }
    await store.remove(key);
  });

  it('answers StoredFileNotFound for a key that holds nothing, and removes a file for good, twice without error', async () => {
    const missing = `2026-01/${crypto.randomUUID()}.png`;
    await expect(store.get(missing)).rejects.toBeInstanceOf(StoredFileNotFound);
    await expect(store.open(missing)).rejects.toBeInstanceOf(StoredFileNotFound);
    expect(await store.exists(missing)).toBe(false);

    const key = await store.put(noise(10), 'jpg');
    await store.remove(key);
    await store.remove(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.get(key)).rejects.toBeInstanceOf(StoredFileNotFound);
    expect(await store.list(key.slice(0, 8), LIST_KEYS_MAX)).not.toContain(key);
  });

  it('leaves nothing behind when a writer gives up and the caller removes its key', async () => {
    const before = await store.list('reports/', LIST_KEYS_MAX);
    const file = await store.create('reports', 'pdf');
    file.stream.write(noise(2 * CHUNK_BYTES + 5));
    file.stream.destroy();
    await store.remove(file.key);
    expect(await store.exists(file.key)).toBe(false);
    expect(await store.list('reports/', LIST_KEYS_MAX)).toEqual(before);
  });

  it('lists keys under a prefix, in order, at most as many as asked', async () => {
    const keys = [await store.put(noise(1), 'png'), await store.put(noise(2), 'png'), await store.put(noise(3), 'png')];
    const month = keys[0]!.slice(0, 8);
    const listed = await store.list(month, LIST_KEYS_MAX);
    expect(listed).toEqual([...listed].sort());
    expect(listed).toEqual(expect.arrayContaining(keys));
    // s3rver cannot answer a truncated listing on Node 20 (its continuation token uses a cipher
    // OpenSSL 3 refuses: ERR_OSSL_EVP_UNSUPPORTED, a 500), so the bound is proved on the others.
    if (kind !== 's3') expect(await store.list(month, 2)).toHaveLength(2);
    for (const key of keys) await store.remove(key);
  });

  it('refuses a key or a folder it did not make before touching anything', async () => {
    for (const key of ['../etc/passwd', '/2026-01/a.png', 'a/../../b.png', 'UPPER.png', 'no-extension']) {
      await expect(store.get(key)).rejects.toThrow(/invalid storage key/);
      await expect(store.remove(key)).rejects.toThrow(/invalid storage key/);
    }
    await expect(store.create('../up', 'pdf')).rejects.toThrow(/invalid storage folder/);
    await expect(store.list('', LIST_KEYS_MAX + 1)).rejects.toThrow(/list max/);
  });
});

describe('a file being written', () => {
  it.each(['database', 's3'])('is not seen by a reader of the %s store until its writer has finished', async (kind) => {
    // A node reading a report while another node still writes it must not serve half of it.
    const store = stores.find(([name]) => name === kind)![1]();
    const file = await store.create('reports', 'xlsx');
    if (!file.stream.write(noise(CHUNK_BYTES + 1))) await once(file.stream, 'drain');
    expect(await store.exists(file.key)).toBe(false);
    await expect(store.open(file.key)).rejects.toBeInstanceOf(StoredFileNotFound);
    const finished = once(file.stream, 'finish');
    file.stream.end();
    await finished;
    expect(await store.exists(file.key)).toBe(true);
    expect((await store.open(file.key)).bytes).toBe(CHUNK_BYTES + 1);
    await store.remove(file.key);
    await store.close();
  });
});
