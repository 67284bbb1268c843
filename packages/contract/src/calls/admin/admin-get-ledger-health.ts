// The ledger's health in the operations console (issue 16, docs/ledger-health.md): whether the
// invariants of the ledger hold now (healthy, or the breaches still open, each with the wallet,
// transaction or currency it concerns), the last checks with what they read, and the totals per
// currency as the last full check found them. `admin/check-ledger-health` runs a full check now.
import { z } from 'zod';
import { defineCall } from '../../call.ts';

export const LEDGER_BREACH_KINDS = [
  'unbalanced-currency',
  'unbalanced-transaction',
  'wallet-off-entries',
  'negative-wallet',
  'missing-system-account',
  'orphan-entries',
] as const;
export type TLedgerBreachKind = (typeof LEDGER_BREACH_KINDS)[number];

export const LEDGER_CHECK_KINDS = ['incremental', 'full'] as const;
export type TLedgerCheckKind = (typeof LEDGER_CHECK_KINDS)[number];

/** A breach of the ledger's invariants, open from its first check until a check no longer finds it. */
export const ZLedgerBreach = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_BREACH_KINDS),
  /** What makes it distinct (`wallet:12:available`): the same breach is raised once while it lasts. */
  key: z.string(),
  currency: z.string().nullable(),
  walletId: z.number().int().nullable(),
  /** The wallet's account number, when the breach concerns a wallet that exists. */
  accountNumber: z.string().nullable(),
  transactionId: z.number().int().nullable(),
  bucket: z.enum(['available', 'on_hold']).nullable(),
  message: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type TLedgerBreach = z.infer<typeof ZLedgerBreach>;

/** One check's result: what it read, how long it took, what it found. */
export const ZLedgerCheck = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_CHECK_KINDS),
  /** Set when an administrator asked for it ("Check now"); null for the schedule's. */
  requestedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number().int(),
  /** The incremental check's range of entry ids: after `fromEntryId`, up to `throughEntryId`. */
  fromEntryId: z.number().int().nullable(),
  throughEntryId: z.number().int().nullable(),
  entriesRead: z.number().int(),
  /** The transactions whose entries were summed (the incremental check); null for a full check. */
  transactionsRead: z.number().int().nullable(),
  walletsRead: z.number().int(),
  breachesFound: z.number().int(),
  newBreaches: z.number().int(),
});
export type TLedgerCheck = z.infer<typeof ZLedgerCheck>;

/** A currency's money as a full check read it: wallets by bucket, the system accounts, minor units. */
export const ZLedgerCurrencyTotals = z.object({
  currency: z.string(),
  decimals: z.number().int(),
  wallets: z.number().int(),
  available: z.number().int(),
  onHold: z.number().int(),
  system: z.object({ gateway: z.number().int(), fees: z.number().int(), vat: z.number().int(), payouts: z.number().int() }),
  /** The sum of every entry of the currency: 0 when it balances. */
  entriesSum: z.number().int(),
});
export type TLedgerCurrencyTotals = z.infer<typeof ZLedgerCurrencyTotals>;

export const ZLedgerHealth = z.object({
  status: z.enum(['healthy', 'breached']),
  breaches: z.array(ZLedgerBreach),
  /** The newest checks first, at most 20. */
  checks: z.array(ZLedgerCheck),
  /** The last full check's totals; null before any full check. */
  totals: z.object({ checkId: z.number().int(), asOf: z.string(), currencies: z.array(ZLedgerCurrencyTotals) }).nullable(),
});
export type TLedgerHealth = z.infer<typeof ZLedgerHealth>;

/** The ledger's health now (operations console). */
export const adminGetLedgerHealthCall = defineCall({
  path: 'admin/get-ledger-health',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: z.object({}).loose(),
  response: ZLedgerHealth,
});

/** Runs a full check now and answers its result with the health after it; audited. */
export const adminCheckLedgerHealthCall = defineCall({
  path: 'admin/check-ledger-health',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'write',
  audit: 'ledger-health.check',
  request: z.object({}).loose(),
  response: ZLedgerHealth.extend({ check: ZLedgerCheck }),
});
