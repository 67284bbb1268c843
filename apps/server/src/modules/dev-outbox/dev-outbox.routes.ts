// The dev outbox: e-mails kept in the database when no SMTP server is configured, readable
// as a page and as JSON, and the browser tests' other dev routes (the ledger's invariants, a
// dev notice, a stored balance changed behind the ledger's back). Registered only outside
// production (`config.devOutbox`: never when NODE_ENV is production); the balance route only
// when DEV_LEDGER_BREACH=1 as well (`config.devLedgerBreach`), never on a demo start.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contractErrorMap, controlCharacterIssues, LIMITS, zText } from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import { fieldFailure, refusalEnvelope, validationFailure, type AppError } from '../../transport/errors.ts';
import { sendEnvelope } from '../../transport/http.ts';
import { toJson } from '../../transport/json.ts';
import { outboxPage } from './dev-outbox-page.ts';
import { ledgerCheck, listOutbox, sendDevNotice, shiftWalletBalance } from './dev-outbox.service.ts';

/** The one filter every dev route takes: an address, as long as an e-mail may be. */
const ZDevQuery = z.object({ email: zText('email', LIMITS.emailMaxChars).optional() });
/** Whose wallet, which currency, and by how many minor units its stored balance changes. */
const ZBalanceShift = z.object({
  email: zText('email', LIMITS.emailMaxChars),
  currency: z.string().regex(/^[A-Z]{3}$/),
  by: z.coerce.number().int().min(-1_000_000).max(1_000_000),
});

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
  // A ledger breach made the real way (browser test of the breach notices): the stored available
  // balance of ?email=...'s wallet in ?currency=... changed by ?by=... minor units with no entry,
  // an UPDATE behind the ledger's back; the same call with the opposite `by` puts it back.
  // Only on a platform started with DEV_LEDGER_BREACH=1 (config.devLedgerBreach: the browser tests').
  if (deps.config.devLedgerBreach)
    app.post('/api/dev/wallet-balance', async (request, reply) => {
      const query = devQueryOf(request, ZBalanceShift);
      if ('refused' in query) return sendEnvelope(reply, refusalEnvelope(query.refused));
      const walletId = await shiftWalletBalance(deps, query.email, query.currency, query.by);
      if (walletId === undefined)
        return sendEnvelope(reply, refusalEnvelope(fieldFailure({ email: 'This user has no wallet in this currency.' })));
      return reply.type('application/json').send(toJson({ code: 200, message: 'Success', data: { walletId } }));
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
function devQueryOf<S extends z.ZodType = typeof ZDevQuery>(
  request: FastifyRequest,
  schema: S = ZDevQuery as unknown as S,
): z.infer<S> | { refused: AppError } {
  const raw = request.query ?? {};
  const issues = controlCharacterIssues(raw);
  if (issues.length > 0) return { refused: fieldFailure(Object.fromEntries(issues.map((issue) => [issue.field, issue.message]))) };
  const parsed = schema.safeParse(raw, { error: contractErrorMap });
  if (!parsed.success) return { refused: validationFailure(parsed.error) };
  return parsed.data;
}
