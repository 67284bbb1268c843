// The export calls: generate-report and get-report on the dispatcher, and the download of a
// ready file (download-report, GET /api/reports/{reportId}/download?token=...), a call of the
// web app's door like the others: its policy is enforced by the dispatcher before the file is
// opened, and the door sends the file (transport/doors.ts registerWebFileCalls). The link's
// token is a bearer secret, so that route logs only warnings and errors.
import { downloadReportCall, generateReportCall, getReportCall } from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import { fail } from '../../transport/errors.ts';
import { generateReport, getReport, openReportDownload } from './reports.service.ts';

const REPORT_UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export function registerReportCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(generateReportCall, async (input, ctx) => ({
    data: await generateReport(deps, ctx.scope, ctx.audit, input),
    message: 'Your report is being prepared',
  }));
  dispatcher.register(getReportCall, async (input, ctx) => ({ data: await getReport(deps, ctx.scope, input.reportId) }));
  dispatcher.register(downloadReportCall, async (input, ctx) => {
    if (!REPORT_UUID_PATTERN.test(input.reportId)) fail('REPORT_NOT_FOUND');
    const token = input.token ?? '';
    if (!LINK_TOKEN_PATTERN.test(token)) fail('REPORT_LINK_INVALID');
    return { data: await openReportDownload(deps, ctx.scope, input.reportId, token) };
  });
}
