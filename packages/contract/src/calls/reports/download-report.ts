// GET /api/reports/{reportId}/download?token=...: the file of a ready export (xlsx or PDF). Not
// JSON: the answer is the file as an attachment. Its policy is a call's (a fully signed-in wallet
// holder; the report's own rules then check the link and the report type's feature), enforced
// by the dispatcher before the file is opened, and audited like any call in an impersonation.
import { z } from 'zod';
import { defineCall, httpRequest, WALLET_HOLDERS } from '../../call.ts';

const route = {
  method: 'GET',
  path: '/reports/{reportId}/download',
  status: 200,
  params: z.object({ reportId: z.string().max(100) }),
  // A missing or malformed token is the link's own refusal (REPORT_LINK_INVALID), not a validation failure.
  query: z.object({ token: z.string().max(200).optional() }),
} as const;

export const downloadReportCall = defineCall({
  path: 'download-report',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  http: route,
  answer: 'file',
  request: httpRequest(route),
  response: z.unknown().meta({ description: 'The file (xlsx or PDF), as an attachment.' }),
  errors: ['REPORT_NOT_FOUND', 'REPORT_LINK_INVALID', 'REPORT_LINK_EXPIRED', 'FEATURE_NOT_GRANTED'],
});
