// Removing stored files the database no longer points at: an owner's document replaced by a new
// upload, an owner deleted, a KYC upload superseded. The removal runs only after the transaction
// that let go of the file has committed (a rollback keeps the row, so it must keep the file),
// and a failed removal leaves a stray file rather than a failed request: it is logged, and the
// answer stands.
import type { Deps } from '../deps.ts';

/**
 * Removes each stored file of `keys`, one at a time; a failure is logged with `reason`, never
 * thrown. Call it after the commit, or after a rollback for files stored for the change that
 * was rolled back.
 */
export async function removeReleasedFiles(deps: Pick<Deps, 'files' | 'log'>, keys: readonly string[], reason: string): Promise<void> {
  for (const key of keys) {
    try {
      await deps.files.remove(key);
    } catch (error) {
      deps.log.warn({ key, reason, err: error instanceof Error ? error.message : String(error) }, 'a stored file could not be removed');
    }
  }
}

/**
 * Runs `change` (a transaction), then removes the files it released once it has committed; when
 * it fails, removes instead the files it stored for itself, which nothing points at after the
 * rollback. `change` records both through the lists it is given.
 */
export async function withReleasedFiles<T>(
  deps: Pick<Deps, 'files' | 'log'>,
  reason: string,
  change: (files: { stored: string[]; released: string[] }) => Promise<T>,
): Promise<T> {
  const files = { stored: [] as string[], released: [] as string[] };
  let result: T;
  try {
    result = await change(files);
  } catch (error) {
    await removeReleasedFiles(deps, files.stored, `${reason}, rolled back`);
    throw error;
  }
  await removeReleasedFiles(deps, files.released, reason);
  return result;
}
