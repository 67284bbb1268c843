// The file store a server uses (docs/files.md): FILE_STORE when set (S3_BUCKET sets it to 's3'),
// otherwise the one that follows the database: the files folder beside the embedded database (one
// node), the database itself with DATABASE_URL (any number of nodes).
import path from 'node:path';
import { assert, assertNever } from '@paywallet/ledger';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { createDatabaseStore } from './database-store.ts';
import type { FileStore, FileStoreKind } from './file-store.ts';
import { createFolderStore } from './folder-store.ts';

export function fileStoreKindFor(config: Pick<Config, 'fileStore'>, database: Pick<DatabaseHandle, 'kind'>): FileStoreKind {
  return config.fileStore ?? (database.kind === 'postgres' ? 'database' : 'folder');
}

/** The store the settings choose. The AWS SDK is loaded only when the object store is used. */
export async function createConfiguredFileStore(
  config: Pick<Config, 'fileStore' | 's3' | 'dataDir'>,
  database: DatabaseHandle,
): Promise<FileStore> {
  const kind = fileStoreKindFor(config, database);
  switch (kind) {
    case 'folder':
      return createFolderStore(path.join(config.dataDir, 'files'));
    case 'database':
      return createDatabaseStore(database.db);
    case 's3':
      assert(config.s3 !== undefined, 'the s3 file store has its settings (config.ts checks S3_BUCKET)');
      return (await import('./s3-store.ts')).createS3Store(config.s3);
    default:
      return assertNever(kind);
  }
}
