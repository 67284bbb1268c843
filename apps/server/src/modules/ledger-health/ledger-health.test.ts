// The ledger's health checks, through the real app on both databases: a healthy ledger reads
// healthy; the incremental check reads only the entries written since its checkpoint (the counts
// it reports), and nothing until they have settled; a breach made on purpose (an entry written
// straight into the table, a stored balance changed by hand) is found by the incremental and the
// full check, raised once to each administrator (a notice, an e-mail in the dev outbox, an audit
// row as the system), not raised again while it lasts, and resolved once mended; a balance below
// zero, an orphan entry and an unknown system account are found and resolved too; the console's
// calls answer the state and run a full check (audited), and refuse everyone but administrators
// with nothing written; the scheduled jobs run the checks; checks at once read each entry once.
// The file ends with the ledger's invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { adminCheckLedgerHealthCall, adminGetLedgerHealthCall } from '@paywallet/contract';
import { countRows, createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../../test/money.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { createTestAdmin, type TestAdmin } from '../../test/admin.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { readState } from './ledger-health.repository.ts';
import { runFullCheck, runIncrementalCheck, type CheckOutcome } from './ledger-health.service.ts';

let t: TestApp;
let admins: TestAdmin[];
let alice: TestPerson;
let bob: TestPerson;
let shop: TestMerchant;

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  admins = [await createTestAdmin(t), await createTestAdmin(t)];
  alice = await createTestPerson(t);
  bob = await createTestPerson(t);
  shop = await createTestMerchant(t, { staff: [{ features: ['transactions'] }] });
  await fundWallet(t, alice.wallets.AED!, 50_000n, 'AED');
  await fundWallet(t, bob.wallets.AED!, 20_000n, 'AED');
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

/** An incremental check that reads up to the newest entry (tests: nothing is in flight). */
async function incremental(): Promise<CheckOutcome> {
  const outcome = await runIncrementalCheck(t.deps, { settleMs: 0 });
  expect(outcome).not.toBeNull();
  return outcome!;
}

async function maxEntryId(): Promise<bigint> {
  const row = await sql<{ id: bigint | null }>`SELECT MAX(id) AS id FROM ledger_entries`.execute(t.deps.db);
  return BigInt(row.rows[0]!.id ?? 0);
}

async function raisedTo(admin: TestAdmin) {
  const notices = await t.deps.db
    .selectFrom('notifications')
    .select(['message'])
    .where('user_id', '=', admin.id)
    .where('type', '=', 'ledger-breach-raised')
    .orderBy('id')
    .execute();
  const mails = await t.deps.db
    .selectFrom('outbox_emails')
    .select(['subject', 'text_body'])
    .where('to_address', '=', admin.email)
    .orderBy('id')
    .execute();
  return { notices: notices.map((n) => n.message), mails };
}

async function systemAuditRows(): Promise<number> {
  const rows = await t.deps.db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'ledger-health.breach')
    .where('acting_as', '=', 'system')
    .execute();
  return rows.length;
}

const keys = (outcome: CheckOutcome, which: 'breaches' | 'newBreaches' = 'breaches') => outcome[which].map((b) => b.key).sort();

async function lastTransactionOf(walletId: bigint): Promise<bigint> {
  const row = await t.deps.db
    .selectFrom('ledger_entries')
    .select('transaction_id')
    .where('wallet_id', '=', walletId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.transaction_id;
}

async function writeEntry(transactionId: bigint, walletId: bigint, amount: bigint): Promise<void> {
  // Entries are written only by the posting function; a breach is made by writing one by hand.
  await t.deps.db
    .insertInto('ledger_entries')
    .values({ transaction_id: transactionId, wallet_id: walletId, system_account: null, currency: 'AED', bucket: 'available', amount })
    .execute();
}

describe('a healthy ledger', () => {
  it('reads healthy after both checks, with the checks and the totals per currency', async () => {
    const inc = await incremental();
    expect(inc.breaches).toEqual([]);
    const full = await runFullCheck(t.deps);
    expect(full.breaches).toEqual([]);
    expect(full.entriesRead).toBe(
      Number((await sql<{ n: bigint }>`SELECT count(*) AS n FROM ledger_entries`.execute(t.deps.db)).rows[0]!.n),
    );

    const answer = await t.call(adminGetLedgerHealthCall, {}, { token: admins[0]!.token });
    expect(answer.status).toBe(200);
    expect(answer.data.status).toBe('healthy');
    expect(answer.data.breaches).toEqual([]);
    expect(answer.data.checks.slice(0, 2).map((c) => [c.id, c.kind])).toEqual([
      [Number(full.checkId), 'full'],
      [Number(inc.checkId), 'incremental'],
    ]);
    const aed = answer.data.totals!.currencies.find((c) => c.currency === 'AED')!;
    const wallets = await t.deps.db
      .selectFrom('wallet_balances as wallets')
      .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
      .select([sql<bigint>`SUM(available_balance)`.as('available'), sql<bigint>`count(*)`.as('n')])
      .where('currencies.code', '=', 'AED')
      .executeTakeFirstOrThrow();
    expect(aed).toMatchObject({ available: Number(wallets.available), wallets: Number(wallets.n), onHold: 0, entriesSum: 0 });
    // Money came in by card: the gateway gave what the wallets hold.
    expect(aed.system.gateway + aed.available + aed.onHold + aed.system.fees + aed.system.vat + aed.system.payouts).toBe(0);
    expect(answer.data.totals!.checkId).toBe(Number(full.checkId));
  });
});

describe('the incremental check', () => {
  it('reads only the entries written since its checkpoint, and only once they have settled', async () => {
    await incremental();
    const before = await maxEntryId();
    await fundWallet(t, alice.wallets.AED!, 1_000n, 'AED');
    const written = Number((await maxEntryId()) - before);
    expect(written).toBeGreaterThan(0);

    // With the default settling time, entries this young are not read yet: the check only notes the newest id.
    const early = await runIncrementalCheck(t.deps);
    expect(early).toMatchObject({ entriesRead: 0, walletsRead: 0, transactionsRead: 0, fromEntryId: before, throughEntryId: before });

    const read = await incremental();
    expect(read).toMatchObject({
      fromEntryId: before,
      throughEntryId: before + BigInt(written),
      entriesRead: written,
      transactionsRead: 1,
      walletsRead: 1,
    });
    expect(read.breaches).toEqual([]);
    expect((await readState(t.deps.db)).checkedThroughEntryId).toBe(before + BigInt(written));

    const again = await incremental();
    expect(again).toMatchObject({
      entriesRead: 0,
      transactionsRead: 0,
      walletsRead: 0,
      fromEntryId: read.throughEntryId,
      throughEntryId: read.throughEntryId,
    });

    // A bounded check leaves the rest to the next one.
    const from = await maxEntryId();
    await fundWallet(t, alice.wallets.AED!, 10n, 'AED');
    await fundWallet(t, bob.wallets.AED!, 10n, 'AED');
    const first = await runIncrementalCheck(t.deps, { settleMs: 0, entriesMax: 2 });
    expect(first).toMatchObject({ fromEntryId: from, entriesRead: 2 });
    const rest = await incremental();
    expect(rest.fromEntryId).toBe(first!.throughEntryId);
    expect(rest.throughEntryId).toBe(await maxEntryId());
    expect(first!.entriesRead + rest.entriesRead).toBe(Number((await maxEntryId()) - from));
  });

  it('reads each entry once when checks run at once', async () => {
    await incremental();
    const from = await maxEntryId();
    for (const amount of [1n, 2n, 3n]) await fundWallet(t, bob.wallets.AED!, amount, 'AED');
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => runIncrementalCheck(t.deps, { settleMs: 0 })));
    const recorded = outcomes.filter((o): o is CheckOutcome => o !== null);
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.reduce((sum, o) => sum + o.entriesRead, 0)).toBe(Number((await maxEntryId()) - from));
    expect((await readState(t.deps.db)).checkedThroughEntryId).toBe(await maxEntryId());
  });
});

describe('a breach made on purpose', () => {
  it('an entry written by hand: found by both checks, raised once to each administrator, resolved when mended', async () => {
    await incremental();
    const before = await Promise.all(admins.map(raisedTo));
    const auditBefore = await systemAuditRows();
    const wallet = alice.wallets.AED!;
    const transactionId = await lastTransactionOf(wallet);
    await writeEntry(transactionId, wallet, 100n);

    const found = await incremental();
    expect(found.entriesRead).toBe(1);
    expect(keys(found)).toEqual([`transaction:${transactionId}:AED`, `wallet:${wallet}:available`]);
    expect(keys(found, 'newBreaches')).toEqual(keys(found));
    for (const [index, admin] of admins.entries()) {
      const raised = await raisedTo(admin);
      expect(raised.notices.length).toBe(before[index]!.notices.length + 1);
      expect(raised.notices.at(-1)).toMatch(/^The ledger check found 2 new breaches\. The first: /);
      expect(raised.mails.length).toBe(before[index]!.mails.length + 1);
      expect(raised.mails.at(-1)!.subject).toBe('2 ledger breaches found');
      expect(raised.mails.at(-1)!.text_body).toContain(`sum to AED 1.00 instead of zero`);
    }
    expect(await systemAuditRows()).toBe(auditBefore + 1);

    const answer = await t.call(adminGetLedgerHealthCall, {}, { token: admins[1]!.token });
    expect(answer.data.status).toBe('breached');
    const account = await t.deps.db.selectFrom('wallets').select('account_number').where('id', '=', wallet).executeTakeFirstOrThrow();
    expect(answer.data.breaches.map((b) => [b.kind, b.walletId, b.accountNumber, b.transactionId, b.currency, b.bucket])).toEqual([
      ['unbalanced-transaction', null, null, Number(transactionId), 'AED', null],
      ['wallet-off-entries', Number(wallet), account.account_number, null, 'AED', 'available'],
    ]);
    expect(answer.data.breaches[1]!.message).toContain('the stored available balance is AED');

    // While it lasts, the next checks see it again and raise nothing.
    const still = await incremental();
    expect(keys(still)).toEqual(keys(found));
    expect(still.newBreaches).toEqual([]);
    const full = await runFullCheck(t.deps);
    expect(keys(full)).toEqual(['currency:AED', `transaction:${transactionId}:AED`, `wallet:${wallet}:available`]);
    expect(keys(full, 'newBreaches')).toEqual(['currency:AED']);
    const fullAgain = await runFullCheck(t.deps);
    expect(fullAgain.newBreaches).toEqual([]);
    for (const [index, admin] of admins.entries()) {
      expect((await raisedTo(admin)).notices.length).toBe(before[index]!.notices.length + 2);
    }
    expect(await systemAuditRows()).toBe(auditBefore + 2);

    // Mended by an entry that takes it back: the checks find nothing and resolve what was open.
    await writeEntry(transactionId, wallet, -100n);
    const mended = await incremental();
    expect(mended.breaches).toEqual([]);
    expect((await t.call(adminGetLedgerHealthCall, {}, { token: admins[0]!.token })).data.breaches.map((b) => b.kind)).toEqual([
      'unbalanced-currency',
    ]);
    expect((await runFullCheck(t.deps)).breaches).toEqual([]);
    expect((await t.call(adminGetLedgerHealthCall, {}, { token: admins[0]!.token })).data.status).toBe('healthy');
  });

  it('a stored balance changed by hand: found by the full check and by the incremental check, raised once', async () => {
    await incremental();
    const before = await raisedTo(admins[0]!);
    const wallet = bob.wallets.AED!;
    await t.deps.db
      .updateTable('wallets')
      .set((eb) => ({ available_balance: eb('available_balance', '+', 5n) }))
      .where('id', '=', wallet)
      .execute();

    const full = await runFullCheck(t.deps);
    expect(keys(full, 'newBreaches')).toEqual([`wallet:${wallet}:available`]);
    expect((await raisedTo(admins[0]!)).notices.length).toBe(before.notices.length + 1);

    // The incremental check reads a wallet when an entry touches it (or a breach of it is open).
    await fundWallet(t, wallet, 7n, 'AED');
    const found = await incremental();
    expect(found.walletsRead).toBe(1);
    expect(keys(found)).toEqual([`wallet:${wallet}:available`]);
    expect(found.newBreaches).toEqual([]);
    expect(found.breaches[0]!.message).toMatch(/stored available balance is AED [\d,.]+ but its entries sum to AED [\d,.]+\.$/);
    expect((await raisedTo(admins[0]!)).notices.length).toBe(before.notices.length + 1);

    // Put back: the next incremental check looks at the open breach's wallet again and resolves it.
    await t.deps.db
      .updateTable('wallets')
      .set((eb) => ({ available_balance: eb('available_balance', '-', 5n) }))
      .where('id', '=', wallet)
      .execute();
    const mended = await incremental();
    expect(mended.breaches).toEqual([]);
    expect((await t.call(adminGetLedgerHealthCall, {}, { token: admins[0]!.token })).data.status).toBe('healthy');
  });

  it('the other kinds: a balance below zero, an entry of no transaction in an unknown system account', async () => {
    await incremental();
    const carol = await createTestPerson(t);
    const wallet = carol.wallets.AED!;
    // The CHECK on wallets is the last line of defence; taken off for this one breach, then put back.
    await sql`ALTER TABLE wallets DROP CONSTRAINT wallets_available_balance_check`.execute(t.deps.db);
    await t.deps.db.updateTable('wallets').set({ available_balance: -3n }).where('id', '=', wallet).execute();
    const ghost = 999_999_999n;
    await t.deps.db
      .insertInto('ledger_entries')
      .values({ transaction_id: ghost, wallet_id: null, system_account: 'fees', currency: 'ZZZ', bucket: 'available', amount: 5n })
      .execute();

    const found = await incremental();
    // The wallet has no entry: the incremental check cannot see it, the full check does.
    expect(keys(found)).toEqual(['orphan-entries', 'system-account:fees:ZZZ', `transaction:${ghost}:ZZZ`]);
    const full = await runFullCheck(t.deps);
    expect(keys(full)).toEqual([
      'currency:ZZZ',
      `negative:${wallet}`,
      'orphan-entries',
      'system-account:fees:ZZZ',
      `transaction:${ghost}:ZZZ`,
      `wallet:${wallet}:available`,
    ]);
    expect(keys(full, 'newBreaches')).toEqual(['currency:ZZZ', `negative:${wallet}`, `wallet:${wallet}:available`]);
    expect(full.breaches.find((b) => b.kind === 'orphan-entries')!.message).toBe(
      '1 entry names a transaction or a wallet that does not exist.',
    );

    // Mended: the wallet back to zero with its CHECK, the stray entry taken out (the trigger held off in this one transaction).
    await t.deps.db.updateTable('wallets').set({ available_balance: 0n }).where('id', '=', wallet).execute();
    await sql`ALTER TABLE wallets ADD CONSTRAINT wallets_available_balance_check CHECK (available_balance >= 0)`.execute(t.deps.db);
    await t.deps.db.transaction().execute(async (trx) => {
      await sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_update`.execute(trx);
      await sql`DELETE FROM ledger_entries WHERE transaction_id = ${ghost}`.execute(trx);
      await sql`ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_update`.execute(trx);
    });
    // The incremental check resolves what it looks at again (the transaction, the wallet); the rest waits for the full check.
    await incremental();
    const open = (await t.call(adminGetLedgerHealthCall, {}, { token: admins[0]!.token })).data.breaches.map((b) => b.key).sort();
    expect(open).toEqual(['currency:ZZZ', 'orphan-entries', 'system-account:fees:ZZZ']);
    expect((await runFullCheck(t.deps)).breaches).toEqual([]);
    expect((await t.call(adminGetLedgerHealthCall, {}, { token: admins[0]!.token })).data.status).toBe('healthy');
  });

  it('a breach found by both kinds is new again after it was mended and comes back', async () => {
    const wallet = bob.wallets.AED!;
    const before = await raisedTo(admins[0]!);
    await t.deps.db
      .updateTable('wallets')
      .set((eb) => ({ available_balance: eb('available_balance', '+', 1n) }))
      .where('id', '=', wallet)
      .execute();
    expect(keys(await runFullCheck(t.deps), 'newBreaches')).toEqual([`wallet:${wallet}:available`]);
    await t.deps.db
      .updateTable('wallets')
      .set((eb) => ({ available_balance: eb('available_balance', '-', 1n) }))
      .where('id', '=', wallet)
      .execute();
    expect((await runFullCheck(t.deps)).breaches).toEqual([]);
    expect((await raisedTo(admins[0]!)).notices.length).toBe(before.notices.length + 1);
  });
});

describe('the console calls', () => {
  it('check-ledger-health runs a full check now, audited, and answers it', async () => {
    const answer = await t.call(adminCheckLedgerHealthCall, {}, { token: admins[0]!.token });
    expect(answer.status).toBe(200);
    expect(answer.message).toBe('The ledger is healthy.');
    expect(answer.data.status).toBe('healthy');
    expect(answer.data.check).toMatchObject({
      kind: 'full',
      requestedBy: expect.stringMatching(/^Platform Admin/),
      breachesFound: 0,
      newBreaches: 0,
    });
    expect(answer.data.checks[0]!.id).toBe(answer.data.check.id);
    expect(answer.data.totals!.checkId).toBe(answer.data.check.id);
    const audit = await t.deps.db.selectFrom('audit_log').selectAll().where('action', '=', 'ledger-health.check').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_user_id: admins[0]!.id,
      acting_as: 'admin',
      subject_type: 'ledger_health_check',
      subject_id: String(answer.data.check.id),
    });
  });

  it('refuses everyone but administrators, with nothing written', async () => {
    const tables = ['ledger_health_checks', 'ledger_health_breaches', 'audit_log', 'notifications'] as const;
    const before = await countRows(t, tables);
    for (const token of [alice.token, shop.token, shop.staff[0]!.token]) {
      for (const call of [adminGetLedgerHealthCall, adminCheckLedgerHealthCall]) {
        const answer = await t.call(call, {}, { token });
        expect([answer.status, answer.reason]).toEqual([403, 'AUDIENCE_NOT_ALLOWED']);
      }
    }
    const none = await t.call(adminCheckLedgerHealthCall, {}, {});
    expect([none.status, none.reason]).toEqual([401, 'UNAUTHENTICATED']);
    expect(await countRows(t, tables)).toEqual(before);
  });
});

describe('the jobs', () => {
  it('the schedules enqueue both checks, which the runner runs', async () => {
    const before = await t.deps.db.selectFrom('ledger_health_checks').select(['kind']).execute();
    const runner = new JobRunner(t.deps, { runnerId: 'ledger-health-test', pollIntervalMs: 20 });
    await runner.tickSchedules();
    await runner.drain();
    const jobs = await t.deps.db
      .selectFrom('jobs')
      .select(['kind', 'state'])
      .where('kind', 'in', ['check-ledger-incremental', 'check-ledger-full'])
      .orderBy('kind')
      .execute();
    expect(jobs).toEqual([
      { kind: 'check-ledger-full', state: 'done' },
      { kind: 'check-ledger-incremental', state: 'done' },
    ]);
    const after = await t.deps.db.selectFrom('ledger_health_checks').select(['kind']).execute();
    const count = (rows: Array<{ kind: string }>, kind: string) => rows.filter((r) => r.kind === kind).length;
    expect(count(after, 'full')).toBe(count(before, 'full') + 1);
    expect(count(after, 'incremental')).toBe(count(before, 'incremental') + 1);
  });
});
