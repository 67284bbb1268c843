import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { ZReport } from './common.ts';

/** A report's state and progress; once ready, a short-lived download link for this session. */
export const ZGetReportRequest = z.object({
  reportId: z
    .string({ error: 'The report id field is required' })
    .max(40, { message: 'The report id is invalid', abort: true })
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'The report id is invalid')
    .toLowerCase(),
});
export const getReportCall = defineCall({
  path: 'get-report',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: ZGetReportRequest,
  response: ZReport,
});
export type TGetReportRequest = z.input<typeof ZGetReportRequest>;
