// The dev outbox: e-mails kept in the database when no SMTP server is configured, readable
// as a page and as JSON. Not registered in production.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { toJson } from '../../transport/json.ts';
import { checkLedgerInvariants } from '../ledger/invariants.ts';

const OUTBOX_PAGE_SIZE = 50;

async function listOutbox(deps: Deps, email: string | undefined) {
  let query = deps.db
    .selectFrom('outbox_emails')
    .select(['id', 'to_address', 'subject', 'text_body', 'created_at'])
    .where('transport', '=', 'outbox')
    .orderBy('id', 'desc')
    .limit(OUTBOX_PAGE_SIZE);
  if (email) query = query.where('to_address', '=', email.trim().toLowerCase());
  const rows = await query.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Development only: the ledger's invariants and one user's wallet balances, for browser tests. */
async function ledgerCheck(deps: Deps, email: string | undefined) {
  const report = await checkLedgerInvariants(deps.db);
  const wallets = email
    ? await deps.db
        .selectFrom('wallets')
        .innerJoin('users', 'users.id', 'wallets.user_id')
        .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
        .select(['wallets.id', 'currencies.code', 'wallets.available_balance', 'wallets.balance_on_hold', 'wallets.is_default'])
        .where('users.email', '=', email.trim().toLowerCase())
        .orderBy('wallets.id')
        .execute()
    : [];
  return { ...report, wallets };
}

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
    const rows = mails
      .map(
        (m) => `<tr><td>${escapeHtml(m.created_at.slice(0, 16).replace('T', ' '))}</td><td>${escapeHtml(m.to)}</td>` +
          `<td><strong>${escapeHtml(m.subject)}</strong><br><span>${escapeHtml(m.text)}</span></td></tr>`,
      )
      .join('');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox · PayWallet</title>
<meta http-equiv="refresh" content="10">
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1b1e}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #e3e5e8;padding:.6rem;text-align:left;vertical-align:top}th{background:#f4f5f7}
form{margin:1rem 0}input{padding:.4rem;width:20rem}span{color:#555}</style></head><body>
<h1>Dev outbox</h1><p>E-mails the platform would have sent (newest first; the page refreshes every 10 s). Set SMTP_URL to send real e-mail.</p>
<form><input name="email" placeholder="Filter by e-mail" value="${escapeHtml(email ?? '')}"> <button>Filter</button></form>
<table><thead><tr><th>Time (GMT)</th><th>To</th><th>Message</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No e-mails yet.</td></tr>'}</tbody></table>
</body></html>`;
    return reply.type('text/html').send(html);
  });
}
