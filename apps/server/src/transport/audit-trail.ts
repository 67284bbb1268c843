// The audit action of one call, bound to who makes it. A service writes it inside the database
// transaction of its change (`ctx.audit.record(trx, { subject, detail })`), so a change and its
// audit row commit together or not at all. The dispatcher checks that an audited call did.
import type { CallDef } from '@paywallet/contract';
import type { Queryable } from '../db/database.ts';
import { actingAs, type ActingAs, type Scope } from './scope.ts';

export interface AuditEntry {
  action: string;
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

/** The one function that writes an audit row (modules/audit); injected to keep transport free of modules. */
export type AuditWriter = (db: Queryable, entry: AuditEntry) => Promise<void>;

export interface AuditRecord {
  subject?: { type: string; id: string | bigint | number };
  detail?: Record<string, unknown>;
}

export class AuditTrail {
  #recorded = false;

  constructor(
    private readonly write: AuditWriter,
    private readonly call: CallDef,
    private readonly scope: Scope | null,
    private readonly request: { ip: string },
  ) {}

  get recorded(): boolean {
    return this.#recorded;
  }

  /** Writes the call's audit action; `db` is the transaction of the change. */
  async record(db: Queryable, record: AuditRecord): Promise<void> {
    const action = this.call.audit;
    if (action === null) throw new Error(`Call ${this.call.path} declares no audit action`);
    await this.write(db, this.entry(action, record));
    this.#recorded = true;
  }

  /** An administrator logged in as a merchant: every call is on record, reads and refusals too. */
  async recordImpersonatedCall(db: Queryable, detail?: Record<string, unknown>): Promise<void> {
    await this.write(db, this.entry('impersonation.call', detail ? { detail } : {}));
    this.#recorded = true;
  }

  private entry(action: string, record: AuditRecord): AuditEntry {
    const scope = this.scope;
    return {
      action,
      actorUserId: scope ? (scope.impersonatorUserId ?? scope.actorUserId) : null,
      actingAs: scope ? actingAs(scope) : 'user',
      onBehalfOfUserId: scope ? scope.accountHolderId : null,
      impersonatorUserId: scope?.impersonatorUserId ?? null,
      sessionId: scope?.sessionId ?? null,
      ip: this.request.ip,
      callPath: this.call.path,
      subjectType: record.subject?.type ?? null,
      subjectId: record.subject ? String(record.subject.id) : null,
      detail: record.detail ?? null,
    };
  }
}
