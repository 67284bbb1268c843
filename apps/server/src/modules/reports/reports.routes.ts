// The export calls on the dispatcher, and the download: a plain GET outside the API (the web
// app fetches it with the session header and saves the file). The link's token is a bearer
// secret, so the download route logs only warnings and errors: no request line with the URL.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { generateReportCall, getReportCall } from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import { AppError, fail, refusalEnvelope } from '../../transport/errors.ts';
import { requestContextOf, sendEnvelope } from '../../transport/http.ts';
import type { Scope } from '../../transport/scope.ts';
import { resolveScope } from '../auth/sessions.ts';
import { generateReport, getReport, openReportDownload } from './reports.service.ts';

const REPORT_UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export function registerReportCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(generateReportCall, async (input, ctx) => ({
    data: await generateReport(deps, ctx.scope, ctx.audit, input),
    message: 'Your report is being prepared',
  }));
  dispatcher.register(getReportCall, async (input, ctx) => ({ data: await getReport(deps, ctx.scope, input.reportId) }));
}

type DownloadRequest = FastifyRequest<{ Params: { reportId: string }; Querystring: { token?: string } }>;

/** The session of the download, held to the same rules as a call's: fully signed in, a wallet holder. */
async function downloadScope(deps: Deps, request: FastifyRequest): Promise<Scope> {
  const { accessToken } = requestContextOf(request);
  if (!accessToken) fail('UNAUTHENTICATED');
  const scope = await resolveScope(deps.db, accessToken);
  if (!scope) fail('SESSION_ENDED');
  if (scope.stage !== 'full') fail('PASSCODE_REQUIRED');
  if (scope.audience !== 'consumer' && scope.audience !== 'merchant') fail('AUDIENCE_NOT_ALLOWED');
  return scope;
}

/** 'attachment; filename="..."' with the name in plain ASCII and in RFC 5987 form. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

async function download(deps: Deps, request: DownloadRequest, reply: FastifyReply) {
  try {
    const scope = await downloadScope(deps, request);
    const { reportId } = request.params;
    const token = request.query.token ?? '';
    if (!REPORT_UUID_PATTERN.test(reportId)) fail('REPORT_NOT_FOUND');
    if (!LINK_TOKEN_PATTERN.test(token)) fail('REPORT_LINK_INVALID');
    const file = await openReportDownload(deps, scope, reportId, token);
    return reply
      .status(200)
      .header('Cache-Control', 'no-store')
      .header('Content-Type', file.contentType)
      .header('Content-Length', String(file.bytes))
      .header('Content-Disposition', attachment(file.fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.stream);
  } catch (error) {
    if (error instanceof AppError) return sendEnvelope(reply, refusalEnvelope(error));
    throw error;
  }
}

export function registerReportDownload(app: FastifyInstance, deps: Deps): void {
  app.get('/api/reports/:reportId/download', { logLevel: 'warn' }, (request: DownloadRequest, reply) => download(deps, request, reply));
}
