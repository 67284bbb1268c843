// The object store: files in a bucket of an S3-compatible service (AWS S3, MinIO, R2, Ceph...),
// through the AWS SDK. Every node reads what any node wrote, and the database holds no bytes.
// A streaming writer uploads in parts as it writes (lib-storage's Upload: multipart past one
// part), holding at most UPLOAD_QUEUE_PARTS parts of UPLOAD_PART_BYTES in memory; a reader
// streams the object's body. Local servers answer on path-style URLs (S3_FORCE_PATH_STYLE).
import { PassThrough, Writable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { assertListing, assertStorageKey, assertSweep, newStorageKey, StoredFileNotFound, type FileStore } from './file-store.ts';

/** S3's least part size for a multipart upload (every part but the last). */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
/** Parts uploaded at once by one writer: the memory one export may hold. */
export const UPLOAD_QUEUE_PARTS = 2;

export interface S3Settings {
  bucket: string;
  region: string;
  /** A service other than AWS (http://127.0.0.1:9000); undefined for AWS itself. */
  endpoint: string | undefined;
  /** Bucket in the path (http://host/bucket/key) instead of the host name: local servers need it. */
  forcePathStyle: boolean;
  /** Both or neither: without them the SDK's own chain (AWS_* variables, profile, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Put before every key ('paywallet/'), to share a bucket; '' for none. */
  keyPrefix: string;
}

function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId !== undefined && settings.secretAccessKey !== undefined
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
}

/**
 * A stream that uploads `objectKey` as it is written; 'finish' once the upload has completed
 * (the object is readable), an error when it failed. Destroying it aborts the upload.
 */
function uploadWriter(client: S3Client, bucket: string, objectKey: string): { stream: Writable; bytesWritten: () => number } {
  const body = new PassThrough({ highWaterMark: UPLOAD_PART_BYTES });
  const upload = new Upload({
    client,
    params: { Bucket: bucket, Key: objectKey, Body: body },
    partSize: UPLOAD_PART_BYTES,
    queueSize: UPLOAD_QUEUE_PARTS,
    leavePartsOnError: false,
  });
  const done = upload.done();
  // Heard in final(); without this a failure before the end would be an unhandled rejection.
  done.catch(() => undefined);
  let written = 0;
  const stream = new Writable({
    write(piece: Buffer, _encoding, callback) {
      written += piece.length;
      if (body.write(piece)) callback();
      else body.once('drain', () => callback());
    },
    final(callback) {
      body.end();
      done.then(() => callback(), callback);
    },
    destroy(error, callback) {
      if (!body.writableFinished) {
        body.destroy();
        upload.abort().catch(() => undefined);
      }
      callback(error);
    },
  });
  return { stream, bytesWritten: () => written };
}

export function createS3Store(settings: S3Settings, client: S3Client = createS3Client(settings)): FileStore {
  const { bucket, keyPrefix } = settings;
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${keyPrefix}${key}`;
  };
  const notFoundAs = (key: string) => (error: unknown) => {
    throw isNotFound(error) ? new StoredFileNotFound(key) : error;
  };
  return {
    kind: 's3',
    async put(bytes, extension) {
      const key = newStorageKey(extension);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.length }));
      return key;
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) })).catch(notFoundAs(key));
      if (!answer.Body) throw new StoredFileNotFound(key);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    async create(folder, extension) {
      const key = newStorageKey(extension, folder);
      return { key, ...uploadWriter(client, bucket, objectKey(key)) };
    },
    async open(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) })).catch(notFoundAs(key));
      if (!answer.Body || answer.ContentLength === undefined) throw new StoredFileNotFound(key);
      // In Node the body is the response's IncomingMessage: a Readable.
      return { stream: answer.Body as Readable, bytes: answer.ContentLength };
    },
    async exists(key) {
      return client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) })).then(
        () => true,
        (error: unknown) => {
          if (isNotFound(error)) return false;
          throw error;
        },
      );
    },
    async list(prefix, max) {
      assertListing(prefix, max);
      // S3 answers in pages: a service may answer fewer keys than asked (and none answers more
      // than 1,000), so the pages are followed by their continuation token until `max` or the end.
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${keyPrefix}${prefix}`,
            MaxKeys: max - keys.length,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) if (object.Key?.startsWith(keyPrefix)) keys.push(object.Key.slice(keyPrefix.length));
        token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (token !== undefined && keys.length < max);
      return keys.sort().slice(0, max);
    },
    async sweepIncomplete(olderThanMs, max) {
      assertSweep(olderThanMs, max);
      // A writer killed mid-file leaves the parts of a multipart upload, never an object: the
      // bucket's lifecycle rule that aborts incomplete multipart uploads removes them (docs/files.md).
      return 0;
    },
    async remove(key) {
      // S3 answers a delete of a missing object with success too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async close() {
      client.destroy();
    },
  };
}
