// The dev outbox: e-mails kept in the database when no SMTP server is configured, readable
// as a page and as JSON. Not registered in production.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contractErrorMap, controlCharacterIssues, LIMITS, zText } from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import { fieldFailure, refusalEnvelope, validationFailure, type AppError } from '../../transport/errors.ts';
import { sendEnvelope } from '../../transport/http.ts';
import { toJson } from '../../transport/json.ts';
import { outboxPage } from './dev-outbox-page.ts';
import { ledgerCheck, listOutbox, sendDevNotice } from './dev-outbox.service.ts';

/** The one filter every dev route takes: an address, as long as an e-mail may be. */
const ZDevQuery = z.object({ email: zText('email', LIMITS.emailMaxChars).optional() });

export function registerDevOutbox(app: FastifyInstance, deps: Deps): void {
  app.get('/api/dev/ledger-check', async (request, reply) => {
    const query = devQueryOf(request);
    if ('refused' in query) return sendEnvelope(reply, refusalEnvelope(query.refused));
    const data = await ledgerCheck(deps, query.email);
    return reply.type('application/json').send(toJson({ code: 200, message: 'Success', data }));
  });
  app.get('/api/dev/outbox', async (request, reply) => {
    const query = devQueryOf(request);
    if ('refused' in query) return sendEnvelope(reply, refusalEnvelope(query.refused));
    const data = await listOutbox(deps, query.email);
    return reply.type('application/json').send(toJson({ code: 200, message: 'Success', data }));
  });
  // A dev notice to the user of ?email=... (browser tests of the bells: see dev-outbox.notifications.ts).
  app.post('/api/dev/notice', async (request, reply) => {
    const query = devQueryOf(request);
    if ('refused' in query) return sendEnvelope(reply, refusalEnvelope(query.refused));
    if (query.email === undefined) return sendEnvelope(reply, refusalEnvelope(fieldFailure({ email: 'The email field is required.' })));
    const sent = await sendDevNotice(deps, query.email);
    if (!sent) return sendEnvelope(reply, refusalEnvelope(fieldFailure({ email: 'No user has this e-mail.' })));
    return reply.type('application/json').send(toJson({ code: 200, message: 'Success', data: sent }));
  });
  app.get('/dev/outbox', async (request, reply) => {
    const query = devQueryOf(request);
    if ('refused' in query) return sendEnvelope(reply, refusalEnvelope(query.refused));
    const mails = await listOutbox(deps, query.email);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(outboxPage(mails, query.email));
  });
}

/**
 * The query as the routes read it, or its named refusal (400 VALIDATION_FAILED): a NUL or a lone
 * surrogate cannot be looked up (PostgreSQL refuses them), a repeated `email` is a list, not an
 * address, and an address has a length. The same text rule as every call's.
 */
function devQueryOf(request: FastifyRequest): { email: string | undefined } | { refused: AppError } {
  const raw = request.query ?? {};
  const issues = controlCharacterIssues(raw);
  if (issues.length > 0) return { refused: fieldFailure(Object.fromEntries(issues.map((issue) => [issue.field, issue.message]))) };
  const parsed = ZDevQuery.safeParse(raw, { error: contractErrorMap });
  if (!parsed.success) return { refused: validationFailure(parsed.error) };
  return { email: parsed.data.email };
}
