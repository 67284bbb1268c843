// The dev outbox: e-mails kept in the database when no SMTP server is configured, readable
// as a page and as JSON. Not registered in production.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { toJson } from '../../transport/json.ts';
import { outboxPage } from './dev-outbox-page.ts';
import { ledgerCheck, listOutbox } from './dev-outbox.service.ts';

export function registerDevOutbox(app: FastifyInstance, deps: Deps): void {
  app.get('/api/dev/ledger-check', async (request, reply) => {
    const data = await ledgerCheck(deps, (request.query as { email?: string }).email);
    return reply.type('application/json').send(toJson({ code: 200, message: 'Success', data }));
  });
  app.get('/api/dev/outbox', async (request, reply) => {
    const email = (request.query as { email?: string }).email;
    const data = await listOutbox(deps, email);
    return reply.type('application/json').send(toJson({ code: 200, message: 'Success', data }));
  });
  app.get('/dev/outbox', async (request, reply) => {
    const email = (request.query as { email?: string }).email;
    const mails = await listOutbox(deps, email);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(outboxPage(mails, email));
  });
}
