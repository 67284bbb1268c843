// The audit log's one insert. Rows are never updated or deleted (a trigger refuses it).
import type { Queryable } from '../../db/database.ts';
import type { AuditEntry } from '../../transport/audit-trail.ts';

export async function insertAuditRow(db: Queryable, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
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
      detail: entry.detail === null ? null : JSON.stringify(entry.detail),
    })
    .execute();
}
