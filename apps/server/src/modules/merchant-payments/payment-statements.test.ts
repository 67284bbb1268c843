// What one card payment costs the database, door by door (issue 17: the lean path, for the
// doors a merchant is paid through): a payment through the merchant API (POST /payments with a
// card), a payment link's hosted checkout (pay-checkout) and a POS sale, every statement the app
// sends counted, BEGIN and COMMIT included, and its commits (each a WAL flush: its transactions
// and the writes sent outside one). Before these cuts an API payment cost 43 statements in 6
// commits, a link's 50 in 5, a POS sale 31 in 4; docs/money.md lists what each door sends now. A
// change that adds a statement or a commit to a payment fails here, and the printed list says which.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import { createTestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { openPaymentDoors, type PaymentDoors } from '../../test/payment-doors.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';

let t: TestApp;
let doors: PaymentDoors;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://pay.example.test' });
  const merchant = await createTestMerchant(t);
  await giveMerchantFees(t, merchant.id);
  doors = await openPaymentDoors(t, merchant);
  // A warm-up payment through each door: the first call of a process may read what later calls find cached.
  await doors.link(SANDBOX_CARDS.approved);
  expect((await doors.api(SANDBOX_CARDS.approved)).status).toBe(201);
  expect((await doors.pos(SANDBOX_CARDS.approved)).status).toBe(200);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t?.close();
});

/** A statement as the report reads it: its first words, parameters aside. */
function shortly(statement: string): string {
  return statement.replace(/\s+/g, ' ').trim().slice(0, 160);
}

/** The statements of each transaction (BEGIN to COMMIT), in order. */
function transactionsOf(statements: string[]): string[][] {
  const transactions: string[][] = [];
  let open: string[] | null = null;
  for (const statement of statements.map(shortly)) {
    if (statement === 'begin') open = [];
    else if (statement === 'commit') {
      transactions.push(open!);
      open = null;
    } else open?.push(statement);
  }
  expect(open, 'every transaction the payment opened ended').toBeNull();
  return transactions;
}

/** The commits a payment costs (a WAL flush each): its transactions, and each write sent outside one. */
function commitsOf(statements: string[]): number {
  let inTransaction = false;
  let commits = 0;
  for (const statement of statements.map(shortly)) {
    if (statement === 'begin') inTransaction = true;
    else if (statement === 'commit') {
      inTransaction = false;
      commits++;
    } else if (!inTransaction && /^(WITH .* )?(insert|update|delete)\b/i.test(statement)) commits++;
  }
  return commits;
}

/**
 * The charge's transaction (the one that writes the merchant_payments row) credits the merchant's
 * balance last, to one of its wallet's credit slots and never to the wallet's row: payments into
 * one merchant do not wait on each other for its row, and a slot's lock is held from its
 * credit to the commit only (docs/money.md, "Hot wallets").
 */
function expectBalanceLast(statements: string[]): void {
  const charge = transactionsOf(statements).find((statements) => statements.some((s) => s.startsWith('insert into "merchant_payments"')));
  expect(charge, 'a transaction writes the payment').toBeDefined();
  expect(charge!.filter((s) => /^UPDATE wallets\b/.test(s))).toEqual([]);
  expect(charge!.filter((s) => /^INSERT INTO wallet_credit_slots\b/.test(s))).toHaveLength(1);
  expect(charge!.at(-1)).toMatch(/^INSERT INTO wallet_credit_slots\b/);
}

/** What one payment may cost at most through a door. */
interface Cost {
  statements: number;
  transactions: number;
  commits: number;
}

/** Prints the door's statements, then holds them to its cost, the charge moving the balance last. */
function expectCost(door: string, statements: string[], cost: Cost): void {
  console.log([`${door}: ${statements.length} statements, ${commitsOf(statements)} commits`, ...statements.map(shortly)].join('\n'));
  expect(transactionsOf(statements)).toHaveLength(cost.transactions);
  expect(statements.length).toBeLessThanOrEqual(cost.statements);
  expect(commitsOf(statements)).toBeLessThanOrEqual(cost.commits);
  expectBalanceLast(statements);
}

describe('the statements of one card payment', () => {
  it('takes a merchant API payment in a bounded number of statements, two transactions and four commits', async () => {
    const paid = await t.recordStatements(() => doors.api(SANDBOX_CARDS.approved));
    expect(paid.result.status).toBe(201);
    expect(paid.result.body.status).toBe('succeeded');
    // The API payment, its audit row and the attempt in one transaction; the charge in the other.
    expectCost('merchant API', paid.statements, { statements: 31, transactions: 2, commits: 4 });
  });

  it("takes a payment link's checkout payment in a bounded number of statements, two transactions and four commits", async () => {
    const page = await doors.openLink();
    const paid = await t.recordStatements(() => doors.payLink(page, SANDBOX_CARDS.approved));
    expect(paid.result.status, paid.result.message).toBe(200);
    expect(paid.result.data.status).toBe('succeeded');
    // The link claimed under its lock in one; the charge, its callback and its checkout payment in the other.
    expectCost('payment link', paid.statements, { statements: 35, transactions: 2, commits: 4 });
  });

  it('takes a POS sale in a bounded number of statements, one transaction and four commits', async () => {
    const sold = await t.recordStatements(() => doors.pos(SANDBOX_CARDS.approved));
    expect(sold.result.status).toBe(200);
    expectCost('POS sale', sold.statements, { statements: 22, transactions: 1, commits: 4 });
  });
});
