// The audit action of one call, bound to who makes it, whatever the door. A service writes it
// inside the database transaction of its change (`ctx.audit.record(trx, { subject, detail })`),
// so a change and its audit row commit together or not at all. The dispatcher checks that an
// audited call did. The row says who acted and how: a session's user (or the administrator
// behind an impersonation), a merchant's API key (with its client id), the person on a POS
// device; and which request: the call's path, or the door's name for it (`POST /api/merchant/
// v1/payments/<id>/capture`, `pos/v1/sale`).
import type { CallDef, TAuditAction } from '@paywallet/contract';
import { assert } from '@paywallet/ledger';
import type { Queryable } from '../db/database.ts';
import { actingAs, sessionIdOf, type ActingAs, type AnyScope } from './scope.ts';

export interface AuditEntry {
  action: TAuditAction;
  actorUserId: bigint | null;
  actingAs: ActingAs;
  /** The account the actor acted for (a merchant's main account for its staff). */
  onBehalfOfUserId: bigint | null;
  impersonatorUserId: bigint | null;
  sessionId: bigint | null;
  ip: string | null;
  callPath: string | null;
  subjectType: string | null;
  subjectId: string | null;
  detail: Record<string, unknown> | null;
}

/**
 * The one function that writes audit rows (modules/audit), one insert for all `entries`; injected
 * to keep transport free of modules.
 */
export type AuditWriter = (db: Queryable, entries: readonly AuditEntry[]) => Promise<void>;

export interface AuditRecord {
  subject?: { type: string; id: string | bigint | number };
  detail?: Record<string, unknown>;
}

/** What the trail needs of the request: the caller's address, and the door's name for the request. */
export interface AuditedRequest {
  ip: string;
  /** How the audit log names the request when its door does not name it by the call's path. */
  auditPath?: string;
}

export class AuditTrail {
  #recorded = false;

  constructor(
    private readonly write: AuditWriter,
    private readonly call: CallDef,
    private readonly scope: AnyScope | null,
    private readonly request: AuditedRequest,
  ) {}

  get recorded(): boolean {
    return this.#recorded;
  }

  /** Writes the call's audit action; `db` is the transaction of the change. */
  async record(db: Queryable, record: AuditRecord): Promise<void> {
    await AuditTrail.recordTogether(db, [{ trail: this, record }]);
  }

  /**
   * The audit actions of several calls whose changes share one transaction (`db`; send money's
   * confirms written together by group commit), in one insert. The trails share one writer.
   */
  static async recordTogether(db: Queryable, records: readonly { trail: AuditTrail; record: AuditRecord }[]): Promise<void> {
    if (records.length === 0) return;
    const write = records[0]!.trail.write;
    assert(
      records.every(({ trail }) => trail.write === write),
      'audit trails recorded together share one writer',
    );
    await write(
      db,
      records.map(({ trail, record }) => trail.callEntry(record)),
    );
    for (const { trail } of records) trail.#recorded = true;
  }

  /** An administrator logged in as a merchant: every call is on record, reads and refusals too. */
  async recordImpersonatedCall(db: Queryable, detail?: Record<string, unknown>): Promise<void> {
    await this.write(db, [this.entry('impersonation.call', detail ? { detail } : {})]);
    this.#recorded = true;
  }

  private callEntry(record: AuditRecord): AuditEntry {
    const action = this.call.audit;
    assert(action !== null, `call ${this.call.path} declares no audit action`);
    return this.entry(action, record);
  }

  private entry(action: TAuditAction, record: AuditRecord): AuditEntry {
    const scope = this.scope;
    return {
      action,
      actorUserId: scope ? (scope.impersonatorUserId ?? scope.actorUserId) : null,
      actingAs: scope ? actingAs(scope) : 'user',
      onBehalfOfUserId: scope ? scope.accountHolderId : null,
      impersonatorUserId: scope?.impersonatorUserId ?? null,
      sessionId: scope ? sessionIdOf(scope) : null,
      ip: this.request.ip,
      callPath: this.request.auditPath ?? this.call.path,
      subjectType: record.subject?.type ?? null,
      subjectId: record.subject ? String(record.subject.id) : null,
      detail: this.detailOf(record),
    };
  }

  /** Which API key acted is part of who acted: its client id opens the detail of its rows. */
  private detailOf(record: AuditRecord): Record<string, unknown> | null {
    const scope = this.scope;
    if (scope && 'via' in scope && scope.via === 'api-key') return { clientId: scope.clientId, ...record.detail };
    return record.detail ?? null;
  }
}
