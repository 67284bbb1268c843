import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { contractErrorMap } from '../../error-map.ts';
import { REPORT_REQUESTS, REPORT_STATUSES, REPORT_TYPES, requiredChoice, type TGenerateReportInput } from './common.ts';

/**
 * Starts an export of a list with its filters (spec 2 `generate-report`): the server records the
 * report and queues the job that writes it, and answers at once. get-report follows it. The
 * feature is the report type's (checked by the server per type), so the call itself has none.
 *
 * The body is read in two steps, the report type first and then that type's own schema, rather
 * than as a discriminated union: the messages stay per field, and the web bundle does not grow
 * by zod's discriminated-union code for one call.
 */
export const ZGenerateReportRequest = z
  .object({ reportType: z.enum(REPORT_TYPES, { error: requiredChoice('report type') }) })
  .loose()
  .transform((body, ctx): TGenerateReportInput => {
    const parsed = REPORT_REQUESTS[body.reportType].safeParse(body, { error: contractErrorMap });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: body });
      return z.NEVER;
    }
    // The data was read by this type's own schema; TypeScript cannot tie the two together.
    return { ...parsed.data, reportType: body.reportType } as TGenerateReportInput;
  });
export const generateReportCall = defineCall({
  path: 'generate-report',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: null,
  kind: 'write',
  audit: 'report.generate',
  request: ZGenerateReportRequest,
  response: z.object({ reportId: z.string(), status: z.enum(REPORT_STATUSES) }),
});
