// The transaction list reads a party's rows as two index scans, one per side, merged by id
// (transactions.repository `partyRows`, docs/lists.md "Why the source is a union"). A row whose
// party is on both sides (a transfer between one's own wallets) must still appear once, and a
// transfer between two people once in each one's list: checked page by page, from the newest end
// and from the oldest, and streamed, against the plain `sender = p OR receiver = p` over the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMoneyEntries, TransactionType } from '@paywallet/ledger';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../../test/money.ts';
import { listPage, listStream } from '../../db/lists.ts';
import { postEntries, recordUnpostedTransaction } from '../ledger/ledger.service.ts';
import type { PartyRef } from '../ledger/ledger.types.ts';
import { getWallet } from '../wallets/wallets.service.ts';
import { transactionList, type TransactionListParams } from './transactions.service.ts';

const ROUNDS = 4;
const PER_PAGE = 3;

let t: TestApp;
let alice: TestPerson;
let bob: TestPerson;
let carol: TestPerson;
/** The own-wallet transfers and the transfers between two people, by uuid. */
const ownTransfers: string[] = [];
const transfersBetween: string[] = [];

async function partyOf(walletId: bigint): Promise<PartyRef> {
  const wallet = await getWallet(t.deps.db, walletId);
  return { userId: wallet.user_id, walletId, title: 'Wallet', accountNumber: wallet.account_number };
}

/** Money from one person's AED wallet to another's, without charges, posted. */
async function sendAed(from: TestPerson, to: TestPerson, amountMinor: bigint): Promise<string> {
  const wallet = await getWallet(t.deps.db, from.wallets.AED!);
  const charges = { amountMinor, feeMinor: 0n, vatMinor: 0n, totalDebitMinor: amountMinor };
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  const [sender, receiver] = [await partyOf(from.wallets.AED!), await partyOf(to.wallets.AED!)];
  const posted = await t.deps.db.transaction().execute((trx) =>
    postEntries(
      trx,
      {
        typeId: TransactionType.Transfer,
        status: 1,
        currencyId: wallet.currency_id,
        amountMinor,
        feeMinor: 0n,
        vatMinor: 0n,
        totalAmountMinor: amountMinor,
        sender,
        receiver,
      },
      sendMoneyEntries({ payerWalletId: String(from.wallets.AED!), payeeWalletId: String(to.wallets.AED!), currency: 'AED', charges }),
      [],
    ),
  );
  return posted.uuid;
}

/** A transfer between the person's own AED and USD wallets that moved no money (pending or failed). */
async function ownTransfer(person: TestPerson, status: 0 | 2): Promise<string> {
  const from = await partyOf(person.wallets.AED!);
  const to = await partyOf(person.wallets.USD!);
  const wallet = await getWallet(t.deps.db, from.walletId);
  const recorded = await t.deps.db.transaction().execute((trx) =>
    recordUnpostedTransaction(trx, {
      typeId: TransactionType.Transfer,
      status,
      currencyId: wallet.currency_id,
      amountMinor: 500n,
      feeMinor: 0n,
      vatMinor: 0n,
      totalAmountMinor: 500n,
      sender: from,
      receiver: to,
      ...(status === 2 ? { failureReason: 'Declined.' } : {}),
    }),
  );
  return recorded.uuid;
}

/** The rows the list must show, newest first (by id): the plain OR over the table, not the list's source. */
async function expectedIds(params: TransactionListParams): Promise<string[]> {
  const [sender, receiver, party] =
    params.walletId === undefined
      ? ['sender_user_id', 'receiver_user_id', params.userId]
      : ['sender_account_id', 'receiver_account_id', params.walletId];
  const rows = await sql<{ uuid: string }>`
    SELECT uuid::text AS uuid FROM transactions
     WHERE (${sql.ref(sender)} = ${party} OR ${sql.ref(receiver)} = ${party})
       AND (${params.status ?? null}::int IS NULL OR status = ${params.status ?? null}::int)
     ORDER BY id DESC`.execute(t.deps.db);
  return rows.rows.map((row) => row.uuid);
}

/** Every page of the list, in page order, read either from the newest end or (deep pages) from the oldest. */
async function pagedIds(params: TransactionListParams, fromEndAfterRows: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await listPage(t.deps.db, transactionList, params, { page, perPage: PER_PAGE }, { fromEndAfterRows });
    expect(answer.paginationData.total).toBe((await expectedIds(params)).length);
    if (answer.data.length === 0) return ids;
    ids.push(...answer.data.map((row) => row.uuid));
  }
}

async function streamedIds(params: TransactionListParams): Promise<string[]> {
  const ids: string[] = [];
  for await (const row of listStream(t.deps.db, transactionList, params, { batchRows: 2 })) ids.push(row.uuid);
  return ids;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await createTestPerson(t, { currencies: ['AED', 'USD'] });
  bob = await createTestPerson(t);
  carol = await createTestPerson(t);
  await fundWallet(t, alice.wallets.AED!, 100_000n, 'AED');
  await fundWallet(t, bob.wallets.AED!, 100_000n, 'AED');
  await fundWallet(t, carol.wallets.AED!, 100_000n, 'AED');
  // Interleaved, so each list's rows alternate between the two sides and page edges fall between them.
  for (let round = 0; round < ROUNDS; round += 1) {
    transfersBetween.push(await sendAed(alice, bob, 100n + BigInt(round)));
    ownTransfers.push(await ownTransfer(alice, round % 2 === 0 ? 0 : 2));
    transfersBetween.push(await sendAed(bob, alice, 200n + BigInt(round)));
    await sendAed(carol, bob, 300n);
    await fundWallet(t, alice.wallets.USD!, 50n, 'USD');
  }
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

describe('the transaction list of a party (two sides merged)', () => {
  const lists = (): Array<[string, TransactionListParams]> => [
    ['alice', { userId: alice.id, days: {}, channels: null }],
    ['alice AED', { userId: alice.id, walletId: alice.wallets.AED!, days: {}, channels: null }],
    ['alice USD', { userId: alice.id, walletId: alice.wallets.USD!, days: {}, channels: null }],
    ['bob', { userId: bob.id, days: {}, channels: null }],
    ['bob AED', { userId: bob.id, walletId: bob.wallets.AED!, days: {}, channels: null }],
    ['alice pending', { userId: alice.id, status: 0, days: {}, channels: null }],
    ['alice USD failed', { userId: alice.id, walletId: alice.wallets.USD!, status: 2, days: {}, channels: null }],
  ];

  it('shows each transaction of the party once, newest first, across pages from either end and streamed', async () => {
    for (const [name, params] of lists()) {
      const expected = await expectedIds(params);
      expect(expected.length, name).toBeGreaterThan(0);
      expect({ name, ids: await pagedIds(params, 1_000_000) }).toEqual({ name, ids: expected });
      // fromEndAfterRows 0: every page after the first is read from the nearer end, the deep ones ascending.
      expect({ name, ids: await pagedIds(params, 0) }).toEqual({ name, ids: expected });
      expect({ name, ids: await streamedIds(params) }).toEqual({ name, ids: expected });
    }
  });

  it('lists a transfer between one’s own wallets once for the person and once in each wallet', async () => {
    const occurrences = async (params: TransactionListParams, id: string) =>
      (await pagedIds(params, 0)).filter((each) => each === id).length;
    for (const id of ownTransfers) {
      expect(await occurrences({ userId: alice.id, days: {}, channels: null }, id)).toBe(1);
      expect(await occurrences({ userId: alice.id, walletId: alice.wallets.AED!, days: {}, channels: null }, id)).toBe(1);
      expect(await occurrences({ userId: alice.id, walletId: alice.wallets.USD!, days: {}, channels: null }, id)).toBe(1);
      expect(await occurrences({ userId: bob.id, days: {}, channels: null }, id)).toBe(0);
    }
  });

  it('lists a transfer between two people once in each one’s list and each one’s wallet, and not in a third’s', async () => {
    const carolIds = await pagedIds({ userId: carol.id, days: {}, channels: null }, 0);
    for (const id of transfersBetween) {
      for (const params of [
        { userId: alice.id, days: {}, channels: null },
        { userId: alice.id, walletId: alice.wallets.AED!, days: {}, channels: null },
        { userId: bob.id, days: {}, channels: null },
        { userId: bob.id, walletId: bob.wallets.AED!, days: {}, channels: null },
      ]) {
        expect((await pagedIds(params, 0)).filter((each) => each === id)).toEqual([id]);
      }
      expect(carolIds).not.toContain(id);
    }
  });
});
