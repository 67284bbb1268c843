// The audit log's one insert (of one row or many). Rows are never updated or deleted (a trigger refuses it).
import type { Queryable } from '../../db/database.ts';
import { insertJsonRowsSql } from '../../db/json-rows.ts';
import type { AuditEntry } from '../../transport/audit-trail.ts';

export async function insertAuditRows(db: Queryable, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  // One text whatever the number of rows (json-rows.ts), in the order given.
  const rows = entries.map((entry) => ({
    action: entry.action,
    actor_user_id: entry.actorUserId,
    acting_as: entry.actingAs,
    on_behalf_of_user_id: entry.onBehalfOfUserId,
    impersonator_user_id: entry.impersonatorUserId,
    session_id: entry.sessionId,
    ip: entry.ip,
    call_path: entry.callPath,
    subject_type: entry.subjectType,
    subject_id: entry.subjectId,
    detail: entry.detail,
  }));
  await insertJsonRowsSql('audit_log', rows).execute(db);
}
