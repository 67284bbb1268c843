// The dev outbox's reads (development only): the e-mails the platform would have sent, and
// the ledger's invariants with one user's balances, for browser tests.
import type { Deps } from '../../deps.ts';
import { checkLedgerInvariants } from '../ledger/invariants.ts';
import { listOutboxEmails, listWalletBalancesOfEmail } from './dev-outbox.repository.ts';

const OUTBOX_PAGE_SIZE = 50;

/** The newest e-mails of the outbox (at most OUTBOX_PAGE_SIZE), to one address or to all. */
export async function listOutbox(deps: Deps, email: string | undefined) {
  const rows = await listOutboxEmails(deps.db, email ? email.trim().toLowerCase() : undefined, OUTBOX_PAGE_SIZE);
  return rows.map((row) => ({
    id: Number(row.id),
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

/** Development only: the ledger's invariants and one user's wallet balances, for browser tests. */
export async function ledgerCheck(deps: Deps, email: string | undefined) {
  const report = await checkLedgerInvariants(deps.db);
  const wallets = email ? await listWalletBalancesOfEmail(deps.db, email.trim().toLowerCase()) : [];
  return { ...report, wallets };
}
