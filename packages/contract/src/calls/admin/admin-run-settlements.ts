import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zOptionalId } from '../../rules.ts';
import { ZSettlementRun } from '../settlements/common.ts';

/**
 * Starts a settlement run by hand: every merchant's (or one merchant's) successful payments not
 * yet settled and made before the cut-off (default now, whatever the schedule's delay) are
 * settled on the job queue. Answers the run as it stands (a run of the same cut-off and merchant
 * answers the run already started). A cut-off in the future is refused.
 */
export const ZAdminRunSettlementsRequest = z.object({
  merchantUserId: zOptionalId('merchant'),
  /** An ISO 8601 instant (e.g. 2026-11-26T00:00:00Z). */
  cutoff: z
    .string()
    .trim()
    .max(40, { message: 'The cutoff must be a date and time', abort: true })
    .refine((value) => value === '' || !Number.isNaN(Date.parse(value)), 'The cutoff must be a date and time')
    .optional(),
});
export const adminRunSettlementsCall = defineCall({
  path: 'admin/run-settlements',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'write',
  audit: 'settlement.run',
  request: ZAdminRunSettlementsRequest,
  response: ZSettlementRun,
});
export type TAdminRunSettlementsRequest = z.input<typeof ZAdminRunSettlementsRequest>;
export type TAdminRunSettlementsInput = z.output<typeof ZAdminRunSettlementsRequest>;
