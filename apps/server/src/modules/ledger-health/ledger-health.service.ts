// The ledger's health (issue 16, docs/ledger-health.md): the invariants of ARCHITECTURE 4 checked
// continuously instead of only by tests, the breaches raised to the administrators once each.
//
//   incremental check (every minute)   the entries after the checkpoint: each transaction they
//                                      belong to sums to zero per currency; each wallet they touch
//                                      holds the sum of its entries and is not below zero
//   full check (hourly; Check now)     everything (ledger/invariants.ts checkLedgerInvariants),
//                                      each transaction's sums, and the totals per currency
//
// A check reads in one repeatable-read snapshot (a wallet's balance and its entries agree in it,
// as the posting function writes them in one transaction), then records its result in a second
// transaction: the check's row, each breach once while it is open (a breach already open is only
// seen again), the breaches it no longer finds resolved, and for new ones a notice and an e-mail
// to every administrator and an audit row as the system.
import type { TLedgerBreach, TLedgerCheck, TLedgerCurrencyTotals, TLedgerHealth } from '@paywallet/contract';
import { minorToWire } from '@paywallet/ledger';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { formatMoney } from '../../lib/display-text.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { checkLedgerInvariants } from '../ledger/invariants.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as repository from './ledger-health.repository.ts';
import type { BreachInput, HealthState, TouchedWallet } from './ledger-health.repository.ts';
import { FIRST_BREACH_MAX_CHARS, LEDGER_BREACH_RAISED } from './ledger-health.notifications.ts';

/** What the checks need of the app: the database, and for raising a breach the mailer and the public address. */
export type HealthDeps = Pick<Deps, 'db' | 'config' | 'mailer'>;

/** An incremental check reads at most this many new entries; the rest is the next check's. */
export const INCREMENTAL_ENTRIES_MAX = 100_000;
/**
 * The incremental check reads up to the highest entry id it saw at least this long ago: an id is
 * taken when its entry is written, so every transaction that took an id below it had begun by
 * then, and a posting transaction lasts milliseconds. A transaction open longer than this could
 * commit entries below the checkpoint; the full check still reads them.
 */
export const SETTLE_MS = 30_000;
export const CHECKS_KEPT = { incremental: 1440, full: 200 } as const;
/** A ledger broken in many places is recorded by its first 200 breaches (the count says how many). */
export const BREACHES_RECORDED_MAX = 200;
export const RESOLVED_BREACHES_KEPT_DAYS = 90;
/** What the console reads. */
export const CHECKS_SHOWN = 20;
export const OPEN_BREACHES_SHOWN = 200;
/** How many breaches the e-mail lists. */
const MAILED_BREACHES_MAX = 20;

export interface CheckOutcome {
  checkId: bigint;
  kind: 'incremental' | 'full';
  fromEntryId: bigint | null;
  throughEntryId: bigint | null;
  entriesRead: number;
  transactionsRead: number | null;
  walletsRead: number;
  breaches: BreachInput[];
  newBreaches: BreachInput[];
}

// ---- what a breach says ---------------------------------------------------------------------

interface Describe {
  money(amount: bigint, currency: string): string;
  wallet(walletId: bigint): { accountNumber: string; currency: string } | undefined;
}

async function describer(db: Queryable, walletIds: readonly bigint[]): Promise<Describe> {
  const decimals = await repository.currencyDecimals(db);
  const wallets = await repository.describeWallets(db, walletIds);
  return {
    money: (amount, currency) => formatMoney(amount, currency, decimals.get(currency) ?? 2),
    wallet: (walletId) => wallets.get(String(walletId)),
  };
}

const BUCKET_LABEL = { available: 'available', on_hold: 'on-hold' } as const;

function walletName(d: Describe, walletId: bigint): { name: string; currency: string | null } {
  const wallet = d.wallet(walletId);
  return wallet === undefined
    ? { name: `Wallet #${walletId}`, currency: null }
    : { name: `Wallet ${wallet.accountNumber} (${wallet.currency})`, currency: wallet.currency };
}

function walletOffBreach(d: Describe, walletId: bigint, bucket: 'available' | 'on_hold', stored: bigint, fromEntries: bigint): BreachInput {
  const { name, currency } = walletName(d, walletId);
  const money = (amount: bigint) => (currency === null ? `${amount} (minor units)` : d.money(amount, currency));
  return {
    key: `wallet:${walletId}:${bucket}`,
    kind: 'wallet-off-entries',
    currency,
    walletId,
    transactionId: null,
    bucket,
    message: `${name}: the stored ${BUCKET_LABEL[bucket]} balance is ${money(stored)} but its entries sum to ${money(fromEntries)}.`,
    detail: { stored: String(stored), fromEntries: String(fromEntries) },
  };
}

function negativeBreach(d: Describe, walletId: bigint): BreachInput {
  const { name, currency } = walletName(d, walletId);
  return {
    key: `negative:${walletId}`,
    kind: 'negative-wallet',
    currency,
    walletId,
    transactionId: null,
    bucket: null,
    message: `${name} has a balance below zero.`,
    detail: {},
  };
}

function transactionBreach(d: Describe, row: { transactionId: bigint; currency: string; sum: bigint }): BreachInput {
  return {
    key: `transaction:${row.transactionId}:${row.currency}`,
    kind: 'unbalanced-transaction',
    currency: row.currency,
    walletId: null,
    transactionId: row.transactionId,
    bucket: null,
    message: `The entries of transaction ${row.transactionId} in ${row.currency} sum to ${d.money(row.sum, row.currency)} instead of zero.`,
    detail: { sum: String(row.sum) },
  };
}

function currencyBreach(d: Describe, row: { currency: string; sum: bigint }): BreachInput {
  return {
    key: `currency:${row.currency}`,
    kind: 'unbalanced-currency',
    currency: row.currency,
    walletId: null,
    transactionId: null,
    bucket: null,
    message: `The entries in ${row.currency} sum to ${d.money(row.sum, row.currency)} instead of zero.`,
    detail: { sum: String(row.sum) },
  };
}

function missingAccountBreach(row: { system: string; currency: string }): BreachInput {
  return {
    key: `system-account:${row.system}:${row.currency}`,
    kind: 'missing-system-account',
    currency: row.currency,
    walletId: null,
    transactionId: null,
    bucket: null,
    message: `Entries name the ${row.system} account in ${row.currency}, which does not exist.`,
    detail: {},
  };
}

function orphanBreach(count: number): BreachInput {
  return {
    key: 'orphan-entries',
    kind: 'orphan-entries',
    currency: null,
    walletId: null,
    transactionId: null,
    bucket: null,
    message: `${count} ${count === 1 ? 'entry names' : 'entries name'} a transaction or a wallet that does not exist.`,
    detail: { count },
  };
}

// ---- the incremental check ---------------------------------------------------------------------

function walletAgrees(wallet: TouchedWallet): boolean {
  return (
    wallet.storedAvailable === wallet.availableThrough + wallet.availableAfter &&
    wallet.storedOnHold === wallet.onHoldThrough + wallet.onHoldAfter
  );
}

/**
 * Checks the entries written since the last incremental check. `settleMs` 0 reads up to the
 * newest entry (tests; a single connection). Answers null when another check moved the
 * checkpoint first (its result is the one recorded).
 */
export async function runIncrementalCheck(
  deps: HealthDeps,
  options: { settleMs?: number; entriesMax?: number } = {},
): Promise<CheckOutcome | null> {
  const settleMs = options.settleMs ?? SETTLE_MS;
  const entriesMax = options.entriesMax ?? INCREMENTAL_ENTRIES_MAX;
  const startedAt = new Date();
  const started = performance.now();

  const read = await deps.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const state = await repository.readState(trx);
      const { now, maxEntryId } = await repository.readNowAndMaxEntryId(trx);
      const from = state.checkedThroughEntryId;
      const settled = state.observedAt !== null && now.getTime() - state.observedAt.getTime() >= settleMs;
      let horizon = settleMs === 0 ? maxEntryId : settled ? (state.observedMaxEntryId ?? from) : from;
      if (horizon < from) horizon = from;
      const through = horizon > from ? await repository.rangeEnd(trx, from, horizon, entriesMax) : from;
      const observeNow = settleMs === 0 || state.observedAt === null || (settled && through === horizon);
      const next: HealthState = {
        checkedThroughEntryId: through,
        observedMaxEntryId: observeNow ? maxEntryId : state.observedMaxEntryId,
        observedAt: observeNow ? now : state.observedAt,
      };

      // The open breaches of wallets and transactions are looked at again, so they resolve when mended.
      const open = await repository.listOpenBreaches(trx, BREACHES_RECORDED_MAX);
      const openWallets = [...new Set(open.filter((b) => b.wallet_id !== null).map((b) => b.wallet_id!))];
      const openTransactions = [...new Set(open.filter((b) => b.kind === 'unbalanced-transaction').map((b) => b.transaction_id!))];

      let entriesRead = 0;
      let transactions = { transactions: 0, unbalanced: [] as Array<{ transactionId: bigint; currency: string; sum: bigint }> };
      let orphans = 0;
      let missing: Array<{ system: string; currency: string }> = [];
      let touched: TouchedWallet[] = [];
      if (through > from) {
        entriesRead = await repository.countEntriesInRange(trx, from, through);
        transactions = await repository.checkTransactionsInRange(trx, from, through);
        orphans = await repository.countOrphansInRange(trx, from, through);
        missing = await repository.listMissingSystemAccountsInRange(trx, from, through);
        touched = await repository.readTouchedWallets(trx, from, through);
      }
      // A wallet that disagrees is summed again from its first entry (a stale cached sum must not
      // raise a breach that is not there), and so is every wallet of an open breach.
      const again = [...new Set([...touched.filter((w) => w.exists && !walletAgrees(w)).map((w) => w.walletId), ...openWallets])];
      const fresh = again.length > 0 ? await repository.readTouchedWallets(trx, from, through, { fromScratch: again }) : [];
      const byId = new Map<string, TouchedWallet>(touched.map((w) => [String(w.walletId), w]));
      for (const wallet of fresh) byId.set(String(wallet.walletId), wallet);
      const wallets = [...byId.values()];
      const openSums = await repository.sumTransactions(trx, openTransactions);
      return { state, next, from, through, entriesRead, transactions, orphans, missing, wallets, openTransactions, openSums };
    });

  const { from, through, wallets } = read;
  const d = await describer(
    deps.db,
    wallets.map((w) => w.walletId),
  );
  const breaches: BreachInput[] = [];
  const unbalanced = new Map<string, { transactionId: bigint; currency: string; sum: bigint }>();
  for (const row of [...read.transactions.unbalanced, ...read.openSums]) unbalanced.set(`${row.transactionId}:${row.currency}`, row);
  for (const row of unbalanced.values()) breaches.push(transactionBreach(d, row));
  for (const wallet of wallets) {
    if (!wallet.exists) continue;
    const availableEntries = wallet.availableThrough + wallet.availableAfter;
    const onHoldEntries = wallet.onHoldThrough + wallet.onHoldAfter;
    if (wallet.storedAvailable !== availableEntries)
      breaches.push(walletOffBreach(d, wallet.walletId, 'available', wallet.storedAvailable, availableEntries));
    if (wallet.storedOnHold !== onHoldEntries)
      breaches.push(walletOffBreach(d, wallet.walletId, 'on_hold', wallet.storedOnHold, onHoldEntries));
    if (wallet.storedAvailable < 0n || wallet.storedOnHold < 0n) breaches.push(negativeBreach(d, wallet.walletId));
  }
  for (const row of read.missing) breaches.push(missingAccountBreach(row));
  if (read.orphans > 0) breaches.push(orphanBreach(read.orphans));

  // What this check looked at: only those breaches can it call mended.
  const scope = new Set<string>();
  for (const wallet of wallets) {
    scope.add(`wallet:${wallet.walletId}:available`).add(`wallet:${wallet.walletId}:on_hold`).add(`negative:${wallet.walletId}`);
  }
  const openTransactions = new Set(read.openTransactions.map(String));
  const inScope = (key: string) => {
    if (scope.has(key)) return true;
    const match = /^transaction:(\d+):/.exec(key);
    return match !== null && openTransactions.has(match[1]!);
  };

  // Cached sums: each wallet that agrees, through the range's end; one that does not is summed afresh next time.
  const save = wallets
    .filter((w) => w.exists && walletAgrees(w))
    .map((w) => ({ walletId: w.walletId, available: w.availableThrough, onHold: w.onHoldThrough }));
  const forget = wallets.filter((w) => !w.exists || !walletAgrees(w)).map((w) => w.walletId);

  return recordCheck(deps, {
    kind: 'incremental',
    requestedBy: null,
    startedAt,
    started,
    fromEntryId: from,
    throughEntryId: through,
    entriesRead: read.entriesRead,
    transactionsRead: read.transactions.transactions,
    walletsRead: wallets.length,
    breaches,
    inScope,
    totals: null,
    advance: { from: read.state, to: read.next },
    walletSums: { save, forget, through },
  });
}

// ---- the full check ------------------------------------------------------------------------------

/**
 * Checks the whole ledger in one snapshot and records the totals per currency. `audit` writes the
 * console's audit row in the result's transaction (check-ledger-health).
 */
export async function runFullCheck(
  deps: HealthDeps,
  options: {
    requestedBy?: bigint;
    audit?: (trx: Queryable, outcome: { checkId: bigint; breaches: number; newBreaches: number }) => Promise<void>;
  } = {},
): Promise<CheckOutcome> {
  const startedAt = new Date();
  const started = performance.now();
  const read = await deps.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      report: await checkLedgerInvariants(trx),
      transactions: await repository.listUnbalancedTransactions(trx),
      wallets: await repository.countWallets(trx),
      totals: await repository.readCurrencyTotals(trx),
    }));
  const { report } = read;
  const walletIds = [
    ...report.walletsOffTheirEntries.map((w) => BigInt(w.walletId)),
    ...report.negativeWallets.map((w) => BigInt(w.walletId)),
  ];
  const d = await describer(deps.db, walletIds);
  const breaches: BreachInput[] = [
    ...report.unbalancedCurrencies.map((row) => currencyBreach(d, { currency: row.currency.trim(), sum: BigInt(row.sum) })),
    ...read.transactions.map((row) => transactionBreach(d, row)),
    ...report.walletsOffTheirEntries.map((row) =>
      walletOffBreach(d, BigInt(row.walletId), row.bucket as 'available' | 'on_hold', BigInt(row.stored), BigInt(row.fromEntries)),
    ),
    ...report.negativeWallets.map((row) => negativeBreach(d, BigInt(row.walletId))),
    ...report.entriesWithoutAccount.map((row) => missingAccountBreach(row)),
    ...(report.orphanEntries > 0 ? [orphanBreach(report.orphanEntries)] : []),
  ];
  const totals: TLedgerCurrencyTotals[] = read.totals.map((row) => ({
    currency: row.currency,
    decimals: row.decimals,
    wallets: Number(row.wallets),
    available: minorToWire(row.available),
    onHold: minorToWire(row.onHold),
    system: {
      gateway: minorToWire(row.system.gateway),
      fees: minorToWire(row.system.fees),
      vat: minorToWire(row.system.vat),
      payouts: minorToWire(row.system.payouts),
    },
    entriesSum: minorToWire(row.entriesSum),
  }));
  const outcome = await recordCheck(deps, {
    kind: 'full',
    requestedBy: options.requestedBy ?? null,
    startedAt,
    started,
    fromEntryId: null,
    throughEntryId: null,
    entriesRead: report.entryCount,
    transactionsRead: null,
    walletsRead: read.wallets,
    breaches,
    inScope: () => true,
    totals,
    audit: options.audit,
  });
  // A full check records whatever ran beside it: it moves no checkpoint, so it is never fenced out.
  return outcome!;
}

// ---- recording a result --------------------------------------------------------------------------

interface CheckResult {
  kind: 'incremental' | 'full';
  requestedBy: bigint | null;
  startedAt: Date;
  started: number;
  fromEntryId: bigint | null;
  throughEntryId: bigint | null;
  entriesRead: number;
  transactionsRead: number | null;
  walletsRead: number;
  breaches: BreachInput[];
  inScope(key: string): boolean;
  totals: TLedgerCurrencyTotals[] | null;
  advance?: { from: HealthState; to: HealthState };
  walletSums?: { save: Array<{ walletId: bigint; available: bigint; onHold: bigint }>; forget: bigint[]; through: bigint };
  audit?: (trx: Queryable, outcome: { checkId: bigint; breaches: number; newBreaches: number }) => Promise<void>;
}

async function recordCheck(deps: HealthDeps, result: CheckResult): Promise<CheckOutcome | null> {
  return deps.db.transaction().execute(async (trx) => {
    if (result.advance && !(await repository.advanceState(trx, result.advance.from, result.advance.to))) return null;
    const recorded = result.breaches.slice(0, BREACHES_RECORDED_MAX);
    const checkId = await repository.insertCheck(trx, {
      kind: result.kind,
      requestedBy: result.requestedBy,
      startedAt: result.startedAt,
      durationMs: Math.max(0, Math.round(performance.now() - result.started)),
      fromEntryId: result.fromEntryId,
      throughEntryId: result.throughEntryId,
      entriesRead: result.entriesRead,
      transactionsRead: result.transactionsRead,
      walletsRead: result.walletsRead,
      breachesFound: result.breaches.length,
      breaches: recorded.map((b) => ({ key: b.key, kind: b.kind, message: b.message })),
      totals: result.totals,
    });
    const fresh: BreachInput[] = [];
    for (const breach of recorded) if (await repository.recordBreach(trx, checkId, breach)) fresh.push(breach);
    const found = new Set(result.breaches.map((b) => b.key));
    const open = await repository.listOpenBreachKeys(trx);
    await repository.resolveBreaches(
      trx,
      open.filter((b) => !found.has(b.key) && result.inScope(b.key)).map((b) => b.id),
    );
    await repository.setNewBreaches(trx, checkId, fresh.length);
    if (result.walletSums)
      await repository.saveWalletSums(trx, result.walletSums.save, result.walletSums.through, result.walletSums.forget);
    await repository.pruneChecks(trx, result.kind, CHECKS_KEPT[result.kind]);
    if (result.kind === 'full') await repository.pruneResolvedBreaches(trx, RESOLVED_BREACHES_KEPT_DAYS);
    if (fresh.length > 0) await raiseBreaches(deps, trx, checkId, result.kind, fresh);
    if (result.audit) await result.audit(trx, { checkId, breaches: result.breaches.length, newBreaches: fresh.length });
    return {
      checkId,
      kind: result.kind,
      fromEntryId: result.fromEntryId,
      throughEntryId: result.throughEntryId,
      entriesRead: result.entriesRead,
      transactionsRead: result.transactionsRead,
      walletsRead: result.walletsRead,
      breaches: result.breaches,
      newBreaches: fresh,
    };
  });
}

/** Tells every administrator at once (a notice and an e-mail each), and leaves an audit row as the system. */
async function raiseBreaches(
  deps: HealthDeps,
  trx: Queryable,
  checkId: bigint,
  kind: 'incremental' | 'full',
  fresh: BreachInput[],
): Promise<void> {
  const first = fresh[0]!.message;
  const firstShort = first.length > FIRST_BREACH_MAX_CHARS ? `${first.slice(0, FIRST_BREACH_MAX_CHARS - 1)}…` : first;
  const listed = fresh.slice(0, MAILED_BREACHES_MAX).map((b) => `- ${b.message}`);
  if (fresh.length > MAILED_BREACHES_MAX) listed.push(`- and ${fresh.length - MAILED_BREACHES_MAX} more`);
  const link = `${deps.config.publicUrl.replace(/\/+$/, '')}/console/ledger-health`;
  const subject = fresh.length === 1 ? 'Ledger breach found' : `${fresh.length} ledger breaches found`;
  for (const admin of await repository.listAdministrators(trx)) {
    await notify(trx, admin.id, LEDGER_BREACH_RAISED, { checkId: String(checkId), count: fresh.length, first: firstShort });
    await deps.mailer.enqueue(trx, {
      to: admin.email,
      subject,
      text: [
        `Hello ${admin.first_name},`,
        '',
        `The ${kind} ledger check ${checkId} found ${fresh.length === 1 ? 'a breach' : `${fresh.length} breaches`} of the ledger's invariants:`,
        '',
        ...listed,
        '',
        `Each is told once while it lasts. See them in the console: ${link}`,
      ].join('\n'),
    });
  }
  await recordAudit(trx, {
    action: 'ledger-health.breach',
    actorUserId: null,
    actingAs: 'system',
    onBehalfOfUserId: null,
    impersonatorUserId: null,
    sessionId: null,
    ip: null,
    callPath: null,
    subjectType: 'ledger_health_check',
    subjectId: String(checkId),
    detail: { kind, count: fresh.length, breaches: fresh.slice(0, MAILED_BREACHES_MAX).map((b) => b.key) },
  });
}

// ---- the console ---------------------------------------------------------------------------------

function checkView(row: repository.CheckRow): TLedgerCheck {
  return {
    id: Number(row.id),
    kind: row.kind,
    requestedBy: row.requested_by_name,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at.toISOString(),
    durationMs: row.duration_ms,
    fromEntryId: row.from_entry_id === null ? null : Number(row.from_entry_id),
    throughEntryId: row.through_entry_id === null ? null : Number(row.through_entry_id),
    entriesRead: Number(row.entries_read),
    transactionsRead: row.transactions_read === null ? null : Number(row.transactions_read),
    walletsRead: Number(row.wallets_read),
    breachesFound: row.breaches_found,
    newBreaches: row.new_breaches,
  };
}

function breachView(row: repository.OpenBreachRow): TLedgerBreach {
  return {
    id: Number(row.id),
    kind: row.kind,
    key: row.key,
    currency: row.currency === null ? null : row.currency.trim(),
    walletId: row.wallet_id === null ? null : Number(row.wallet_id),
    accountNumber: row.account_number,
    transactionId: row.transaction_id === null ? null : Number(row.transaction_id),
    bucket: row.bucket,
    message: row.message,
    firstSeenAt: row.first_seen_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
  };
}

function totalsOf(value: unknown): TLedgerCurrencyTotals[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as TLedgerCurrencyTotals[]) : [];
}

/** The state now: the open breaches, the last checks, the last full check's totals. */
export async function getLedgerHealth(deps: Deps, db: Queryable = deps.db): Promise<TLedgerHealth> {
  const breaches = (await repository.listOpenBreaches(db, OPEN_BREACHES_SHOWN)).map(breachView);
  const checks = (await repository.listChecks(db, { limit: CHECKS_SHOWN })).map(checkView);
  const latest = await repository.findLatestTotals(db);
  return {
    status: breaches.length === 0 ? 'healthy' : 'breached',
    breaches,
    checks,
    totals:
      latest === undefined
        ? null
        : { checkId: Number(latest.id), asOf: latest.finished_at.toISOString(), currencies: totalsOf(latest.totals) },
  };
}

/** The console's "Check now": a full check, audited in its result's transaction, answered with the health after it. */
export async function checkLedgerHealthNow(
  deps: Deps,
  requestedBy: bigint,
  audit: (trx: Queryable, outcome: { checkId: bigint; breaches: number; newBreaches: number }) => Promise<void>,
): Promise<TLedgerHealth & { check: TLedgerCheck }> {
  const outcome = await runFullCheck(deps, { requestedBy, audit });
  const [row] = await repository.listChecks(deps.db, { limit: 1, id: outcome.checkId });
  return { ...(await getLedgerHealth(deps)), check: checkView(row!) };
}
