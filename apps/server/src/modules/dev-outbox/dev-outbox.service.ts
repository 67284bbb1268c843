// The dev outbox's reads (development only): the e-mails the platform would have sent, and
// the ledger's invariants with one user's balances, for browser tests.
import type { Deps } from '../../deps.ts';
import { checkLedgerInvariants } from '../ledger/invariants.ts';
import { notify } from '../notifications/notifications.service.ts';
import { findUserIdByEmail, listOutboxEmails, listWalletBalancesOfEmail, shiftStoredBalance } from './dev-outbox.repository.ts';
import { DEV_NOTICE } from './dev-outbox.notifications.ts';

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

let devNoticeSequence = 0;

/**
 * Development only: a dev notice to the user of `email`, written through the one `notify` (so it
 * reaches their bell and live stream as any notification does); undefined when no user has it.
 */
export async function sendDevNotice(deps: Deps, email: string): Promise<{ message: string } | undefined> {
  const userId = await findUserIdByEmail(deps.db, email.trim().toLowerCase());
  if (userId === undefined) return undefined;
  devNoticeSequence += 1;
  const data = { sequence: devNoticeSequence };
  await deps.db.transaction().execute(async (trx) => notify(trx, userId, DEV_NOTICE, data));
  return { message: DEV_NOTICE.message(data) };
}

/**
 * Development only: breaks the ledger the way a hand-made UPDATE would, the stored available
 * balance of the user's wallet in `currency` changed by `by` minor units without an entry (the
 * browser test of a ledger breach, which puts it back with the opposite `by`). The wallet's id,
 * or undefined when the user has no such wallet.
 */
export async function shiftWalletBalance(deps: Deps, email: string, currency: string, by: number): Promise<number | undefined> {
  const walletId = await shiftStoredBalance(deps.db, email.trim().toLowerCase(), currency, by);
  return walletId === undefined ? undefined : Number(walletId);
}
