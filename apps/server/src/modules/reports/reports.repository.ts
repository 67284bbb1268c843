// Queries of the reports table (migration 0018). Every read on behalf of a user filters by the
// account holder; the job reads its report by id (it was enqueued with the row).
import { sql, type Selectable } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import type { ReportsTable } from '../../db/schema.ts';

export type ReportRow = Selectable<ReportsTable>;

export interface NewReport {
  uuid: string;
  accountHolderId: bigint;
  requestedByUserId: bigint;
  reportType: string;
  format: 'excel' | 'pdf';
  filters: Record<string, unknown>;
  rowsMax: number;
}

export async function insertReport(db: Queryable, report: NewReport): Promise<bigint> {
  const row = await db
    .insertInto('reports')
    .values({
      uuid: report.uuid,
      account_holder_id: report.accountHolderId,
      requested_by_user_id: report.requestedByUserId,
      report_type: report.reportType,
      format: report.format,
      filters: JSON.stringify(report.filters),
      rows_max: report.rowsMax,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The account holder's report with this uuid; undefined for anyone else's. */
export async function findHolderReport(db: Queryable, accountHolderId: bigint, uuid: string): Promise<ReportRow | undefined> {
  return db.selectFrom('reports').selectAll().where('uuid', '=', uuid).where('account_holder_id', '=', accountHolderId).executeTakeFirst();
}

export async function findReport(db: Queryable, id: bigint): Promise<ReportRow | undefined> {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Starts (or restarts, after a failed attempt) the report's run: counts start again from zero.
 * Only a queued or running report starts; false for one that is finished.
 */
export async function startReport(db: Queryable, id: bigint): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({ status: 'running', rows_written: 0, rows_total: null, truncated: false, error: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function setReportTotal(db: Queryable, id: bigint, rowsTotal: number, truncated: boolean): Promise<void> {
  await db
    .updateTable('reports')
    .set({ rows_total: rowsTotal, truncated, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setReportProgress(db: Queryable, id: bigint, rowsWritten: number): Promise<void> {
  await db
    .updateTable('reports')
    .set({ rows_written: rowsWritten, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export interface FinishedFile {
  key: string;
  name: string;
  bytes: number;
  rowsWritten: number;
  keptMs: number;
}

/** Ready: the file is stored; it is kept `keptMs` from now. False when the report was not running. */
export async function markReportReady(db: Queryable, id: bigint, file: FinishedFile): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({
      status: 'ready',
      file_key: file.key,
      file_name: file.name,
      file_bytes: BigInt(file.bytes),
      rows_written: file.rowsWritten,
      expires_at: sql<Date>`now() + ${`${file.keptMs} milliseconds`}::interval`,
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function markReportFailed(db: Queryable, id: bigint, error: string): Promise<void> {
  await db
    .updateTable('reports')
    .set({ status: 'failed', error: error.slice(0, 500), finished_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

/** Back to queued after a failed attempt that will be retried. */
export async function requeueReport(db: Queryable, id: bigint): Promise<void> {
  await db
    .updateTable('reports')
    .set({ status: 'queued', rows_written: 0, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Replaces the report's download token: the earlier link stops working. */
export async function setReportToken(db: Queryable, id: bigint, tokenHash: string, lifeMs: number): Promise<Date> {
  const row = await db
    .updateTable('reports')
    .set({
      token_hash: tokenHash,
      token_expires_at: sql<Date>`now() + ${`${lifeMs} milliseconds`}::interval`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .returning('token_expires_at')
    .executeTakeFirstOrThrow();
  return new Date(row.token_expires_at!);
}

/** A report by its uuid for a download, with whether its link is still live by the database's clock. */
export async function findReportForDownload(db: Queryable, uuid: string): Promise<(ReportRow & { link_live: boolean }) | undefined> {
  return db
    .selectFrom('reports')
    .selectAll()
    .select(sql<boolean>`coalesce(token_expires_at > now(), false)`.as('link_live'))
    .where('uuid', '=', uuid)
    .executeTakeFirst();
}

/** How many of the account holder's reports are queued or being written. */
export async function countReportsInProgress(db: Queryable, accountHolderId: bigint): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('account_holder_id', '=', accountHolderId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Forgets failed and expired reports finished more than `keptMs` ago; at most `limitRows`. */
export async function deleteFinishedReports(db: Queryable, keptMs: number, limitRows: number): Promise<number> {
  const old = db
    .selectFrom('reports')
    .select('id')
    .where('status', 'in', ['failed', 'expired'])
    .where('updated_at', '<', sql<Date>`now() - ${`${keptMs} milliseconds`}::interval`)
    .limit(limitRows);
  const result = await db.deleteFrom('reports').where('id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ready reports whose file has outlived its time, oldest first. */
export async function listExpiredReports(db: Queryable, limitRows: number): Promise<Array<{ id: bigint; file_key: string | null }>> {
  return db
    .selectFrom('reports')
    .select(['id', 'file_key'])
    .where('status', '=', 'ready')
    .where('expires_at', '<=', sql<Date>`now()`)
    .orderBy('expires_at')
    .limit(limitRows)
    .execute();
}

/** The file is gone: the report stays, as expired, without a file or a link. */
export async function markReportExpired(db: Queryable, id: bigint): Promise<void> {
  await db
    .updateTable('reports')
    .set({ status: 'expired', file_key: null, token_hash: null, token_expires_at: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'ready')
    .execute();
}
