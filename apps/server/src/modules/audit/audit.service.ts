// The audit log: who did what, how, for whom, through which call, on what. One function writes
// a row, inside the transaction of the change it records (pass that transaction as `db`). The
// dispatcher writes the rows of audited calls through ctx.audit; sign-in events, which must be
// recorded even when the attempt is refused, are written by the auth service with `recordAudit`.
import type { TAuditAction } from '@paywallet/contract';
import { assert } from '@paywallet/ledger';
import type { Queryable } from '../../db/database.ts';
import type { AuditEntry } from '../../transport/audit-trail.ts';
import { defineList, listPage, type PageRequest } from '../../db/lists.ts';
import { insertAuditRows } from './audit.repository.ts';
import { auditLogSource, type AuditLogParams, type AuditLogRow } from './audit-log.repository.ts';

export const AUDIT_DETAIL_MAX_CHARS = 4000;

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
}

/** Several rows in one insert (the AuditWriter of calls' trails). */
export async function recordAudits(db: Queryable, entries: readonly AuditEntry[]): Promise<void> {
  for (const entry of entries) {
    // Detail is for people reading the log: bounded, and never a secret (callers pass no tokens).
    assert(
      entry.detail === null || JSON.stringify(entry.detail).length <= AUDIT_DETAIL_MAX_CHARS,
      `audit detail of ${entry.action} is over ${AUDIT_DETAIL_MAX_CHARS} characters`,
    );
  }
  await insertAuditRows(db, entries);
}

/** A sign-in event of a person (no scope exists yet): the actor acts for themselves. */
export function signInEvent(
  action: TAuditAction,
  who: { userId: bigint | null; sessionId?: bigint | null; ip: string; callPath?: string; detail?: Record<string, unknown> },
): AuditEntry {
  return {
    action,
    actorUserId: who.userId,
    actingAs: 'user',
    onBehalfOfUserId: who.userId,
    impersonatorUserId: null,
    sessionId: who.sessionId ?? null,
    ip: who.ip,
    callPath: who.callPath ?? null,
    subjectType: who.userId === null ? null : 'user',
    subjectId: who.userId === null ? null : String(who.userId),
    detail: who.detail ?? null,
  };
}

// ---- the operations console's reading of the log ------------------------------------------

type Person = { id: number; first_name: string; last_name: string; email: string; business_name: string | null } | null;

function personOf(id: bigint | null, first: string | null, last: string | null, email: string | null, business: string | null): Person {
  return id === null
    ? null
    : { id: Number(id), first_name: first ?? '', last_name: last ?? '', email: email ?? '', business_name: business };
}

const auditLog = defineList({
  source: auditLogSource,
  view: (row: AuditLogRow) => ({
    id: Number(row.id),
    action: row.action,
    acting_as: row.acting_as,
    actor: personOf(row.actor_id, row.actor_first_name, row.actor_last_name, row.actor_email, row.actor_business_name),
    on_behalf_of: personOf(row.for_id, row.for_first_name, row.for_last_name, row.for_email, row.for_business_name),
    impersonator: personOf(row.imp_id, row.imp_first_name, row.imp_last_name, row.imp_email, row.imp_business_name),
    call_path: row.call_path,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    ip: row.ip,
    detail: detailOf(row.detail),
    created_at: row.created_at.toISOString(),
  }),
});

function detailOf(detail: unknown): Record<string, unknown> | null {
  const value: unknown = typeof detail === 'string' ? JSON.parse(detail) : detail;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The audit log, newest first, for the operations console. */
export async function listAuditLog(db: Queryable, params: AuditLogParams, page: PageRequest) {
  return listPage(db, auditLog, params, page);
}
