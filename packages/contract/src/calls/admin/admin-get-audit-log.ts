import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { dateRangeOrdered, zDateRange, zPage, zPageOf } from '../../lists.ts';
import { zOptionalId } from '../../rules.ts';
import { zText } from '../../text.ts';
import { ADMIN_LIMITS, ZAdminPerson } from './common.ts';

export const AUDIT_ACTING_AS = ['user', 'staff', 'admin', 'impersonation', 'api-key', 'system'] as const;

export const ZAuditRow = z.object({
  id: z.number().int(),
  action: z.string(),
  acting_as: z.string(),
  /** Who acted: the administrator in an impersonation. */
  actor: ZAdminPerson.nullable(),
  /** Whose account the action was for (the merchant in an impersonation). */
  on_behalf_of: ZAdminPerson.nullable(),
  impersonator: ZAdminPerson.nullable(),
  call_path: z.string().nullable(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type TAuditRow = z.infer<typeof ZAuditRow>;

/** The audit log, newest first; every filter optional, combined with AND. */
export const ZAdminGetAuditLogRequest = z
  .object({
    ...zPage,
    ...zDateRange,
    /** The person who acted (the administrator, for an impersonation). */
    actorUserId: zOptionalId('actor'),
    /** The account acted for: a merchant's rows, whoever acted on them. */
    merchantUserId: zOptionalId('merchant'),
    /** An action, or its beginning ('store.' finds every store action). */
    action: zText('action', ADMIN_LIMITS.actionMaxChars).optional(),
    actingAs: z.enum(AUDIT_ACTING_AS, { error: 'The selected acting as is invalid' }).optional(),
  })
  .superRefine(dateRangeOrdered);
export const adminGetAuditLogCall = defineCall({
  path: 'admin/get-audit-log',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: ZAdminGetAuditLogRequest,
  response: zPageOf(ZAuditRow),
});
export type TAdminGetAuditLogRequest = z.input<typeof ZAdminGetAuditLogRequest>;
export type TAdminGetAuditLogInput = z.output<typeof ZAdminGetAuditLogRequest>;
