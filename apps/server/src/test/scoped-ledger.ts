// Checks for long money sequences (the model-based test, ledger/money-model.test.ts) whose cost
// does not grow with the ledger: the invariants over a scope (the entries since a mark, the
// run's wallets), and the highest row id of every money table, one query, to show that a refused
// call wrote nothing (ids only grow, and a refused call's rolled-back rows leave none).
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';
import { MONEY_TABLES } from './money.ts';
import { checkScopedInvariants, type InvariantScope, type ScopedInvariantReport } from '../modules/ledger/invariants.ts';

/** The scope's invariants hold: every list empty, no orphan entry. Answers the report (its wallets, moves, next mark). */
export async function expectScopedLedgerInvariants(t: TestApp, scope: InvariantScope, step = ''): Promise<ScopedInvariantReport> {
  const report = await checkScopedInvariants(t.deps.db, scope);
  expect(
    {
      unbalancedTransactions: report.unbalancedTransactions,
      chargesOffTheirEntries: report.chargesOffTheirEntries,
      walletsOffTheirEntries: report.walletsOffTheirEntries,
      negativeWallets: report.negativeWallets,
      entriesWithoutAccount: report.entriesWithoutAccount,
      orphanEntries: report.orphanEntries,
    },
    step,
  ).toEqual({
    unbalancedTransactions: [],
    chargesOffTheirEntries: [],
    walletsOffTheirEntries: [],
    negativeWallets: [],
    entriesWithoutAccount: [],
    orphanEntries: 0,
  });
  return report;
}

export type MoneyRowMarks = Record<(typeof MONEY_TABLES)[number], string>;

/** The highest id of every money table (test/money.ts MONEY_TABLES), in one read: a write moves one. */
export async function moneyRowMarks(t: TestApp): Promise<MoneyRowMarks> {
  const columns = MONEY_TABLES.map((table) => sql`(SELECT COALESCE(MAX(id), 0)::text FROM ${sql.table(table)}) AS ${sql.ref(table)}`);
  const result = await sql<MoneyRowMarks>`SELECT ${sql.join(columns)}`.execute(t.deps.db);
  return result.rows[0]!;
}

/** The highest ledger entry id: where a scope starts. */
export async function lastEntryId(t: TestApp): Promise<bigint> {
  const result = await sql<{ id: string }>`SELECT COALESCE(MAX(id), 0)::text AS id FROM ledger_entries`.execute(t.deps.db);
  return BigInt(result.rows[0]!.id);
}
