// The audit log as the operations console reads it: newest first, filtered by the person who
// acted, the account acted for, the action (or its beginning), how the actor acted and a GMT
// day range, with the three people a row names. Reads only; rows are never changed.
import type { Queryable } from '../../db/database.ts';
import { defineListSource, likePattern, withinDays } from '../../db/lists.ts';

export interface AuditLogParams {
  actorUserId?: bigint | undefined;
  onBehalfOfUserId?: bigint | undefined;
  /** An action, or its beginning. */
  action?: string | undefined;
  actingAs?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

export interface AuditLogRow {
  id: bigint;
  action: string;
  acting_as: string;
  call_path: string | null;
  subject_type: string | null;
  subject_id: string | null;
  ip: string | null;
  detail: unknown;
  created_at: Date;
  actor_id: bigint | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_email: string | null;
  actor_business_name: string | null;
  for_id: bigint | null;
  for_first_name: string | null;
  for_last_name: string | null;
  for_email: string | null;
  for_business_name: string | null;
  imp_id: bigint | null;
  imp_first_name: string | null;
  imp_last_name: string | null;
  imp_email: string | null;
  imp_business_name: string | null;
}

export const auditLogSource = defineListSource({
  name: 'audit-log',
  key: 'audit_log.id',
  filtered: (db: Queryable, params: AuditLogParams) =>
    db
      .selectFrom('audit_log')
      .$if(params.actorUserId !== undefined, (query) => query.where('audit_log.actor_user_id', '=', params.actorUserId!))
      .$if(params.onBehalfOfUserId !== undefined, (query) => query.where('audit_log.on_behalf_of_user_id', '=', params.onBehalfOfUserId!))
      .$if(Boolean(params.action), (query) => query.where('audit_log.action', 'like', likePattern(params.action!, 'prefix')))
      .$if(params.actingAs !== undefined, (query) =>
        query.where('audit_log.acting_as', '=', params.actingAs as 'user' | 'staff' | 'admin' | 'impersonation' | 'api-key' | 'system'),
      )
      .$if(Boolean(params.fromDate || params.toDate), (query) =>
        query.where(withinDays('audit_log.created_at', { fromDate: params.fromDate, toDate: params.toDate })),
      ),
  columns: (query) =>
    query
      .leftJoin('users as actor', 'actor.id', 'audit_log.actor_user_id')
      .leftJoin('users as for_user', 'for_user.id', 'audit_log.on_behalf_of_user_id')
      .leftJoin('users as imp', 'imp.id', 'audit_log.impersonator_user_id')
      .select([
        'audit_log.id',
        'audit_log.action',
        'audit_log.acting_as',
        'audit_log.call_path',
        'audit_log.subject_type',
        'audit_log.subject_id',
        'audit_log.ip',
        'audit_log.detail',
        'audit_log.created_at',
        'actor.id as actor_id',
        'actor.first_name as actor_first_name',
        'actor.last_name as actor_last_name',
        'actor.email as actor_email',
        'actor.business_name as actor_business_name',
        'for_user.id as for_id',
        'for_user.first_name as for_first_name',
        'for_user.last_name as for_last_name',
        'for_user.email as for_email',
        'for_user.business_name as for_business_name',
        'imp.id as imp_id',
        'imp.first_name as imp_first_name',
        'imp.last_name as imp_last_name',
        'imp.email as imp_email',
        'imp.business_name as imp_business_name',
      ]),
  keyOf: (row: AuditLogRow) => row.id,
});
