import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accountKey, applyEntries, sumEntriesByAccount, totalByCurrency } from './balances.ts';
import type { BalanceKey, Balances, BucketBalances } from './balances.ts';
import { quoteCharges } from './fees.ts';
import type { PaymentMethodPrivilege } from './fees.ts';
import {
  aggregateSettlementEntries,
  depositEntries,
  directSettlementEntries,
  merchantCardPaymentEntries,
  refundEntries,
  rollingReserveReleaseEntries,
  sendMoneyEntries,
  withdrawalPaidEntries,
  withdrawalRejectedEntries,
  withdrawalRequestEntries,
} from './postings.ts';
import type { Entries, LedgerEntry } from './postings.ts';
import { openPrivilegeArbitrary, vatBpsArbitrary } from './test-arbitraries.ts';

const walletKey = (walletId: string, currency = 'AED') => accountKey({ kind: 'wallet', walletId }, currency);

/** A deep copy of balances as plain rows, so a later mutation could not hide in shared objects. */
function snapshot(balances: Balances): [BalanceKey, bigint, bigint][] {
  return [...balances].map(([key, value]) => [key, value.available, value.onHold]);
}

describe('applyEntries', () => {
  it('applies a deposit and lets the gateway go negative', () => {
    // Proves wallets and system accounts receive their entries and a system account may go below zero.
    const charges = {
      amountMinor: 10_000n,
      feeMinor: 450n,
      vatMinor: 23n,
      totalDebitMinor: 10_473n,
    };
    const result = applyEntries(new Map(), depositEntries({ walletId: 'w1', currency: 'AED', charges }));
    expect(result).toEqual({
      ok: true,
      balances: new Map([
        ['AED:system:gateway', { available: -10_473n, onHold: 0n }],
        ['AED:wallet:w1', { available: 10_000n, onHold: 0n }],
        ['AED:system:fees', { available: 450n, onHold: 0n }],
        ['AED:system:vat', { available: 23n, onHold: 0n }],
      ]),
    });
    if (result.ok) expect(totalByCurrency(result.balances)).toEqual(new Map([['AED', 0n]]));
  });

  it('refuses a movement that would take a wallet bucket below zero and changes nothing', () => {
    // Proves INSUFFICIENT_FUNDS names the wallet and leaves the input balances untouched.
    const balances = new Map<BalanceKey, BucketBalances>([
      [walletKey('w1'), { available: 499n, onHold: 1_000n }],
      ['AED:system:payouts', { available: -1_000n, onHold: 0n }],
    ]);
    const before = snapshot(balances);
    const request = withdrawalRequestEntries({
      walletId: 'w1',
      currency: 'AED',
      withdrawalMinor: 500n,
    });
    expect(applyEntries(balances, request)).toEqual({
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
      walletId: 'w1',
    });
    const refund = refundEntries({
      merchantWalletId: 'w1',
      currency: 'AED',
      refundMinor: 1_001n,
      fromBucket: 'on_hold',
    });
    expect(applyEntries(balances, refund)).toEqual({
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
      walletId: 'w1',
    });
    expect(snapshot(balances)).toEqual(before);
  });

  it('allows a movement that empties a bucket exactly', () => {
    // Proves zero is a valid balance: the floor is "not below zero", not "above zero".
    const balances = new Map([[walletKey('w1'), { available: 500n, onHold: 0n }]]);
    const result = applyEntries(balances, withdrawalRequestEntries({ walletId: 'w1', currency: 'AED', withdrawalMinor: 500n }));
    expect(result).toEqual({
      ok: true,
      balances: new Map([[walletKey('w1'), { available: 0n, onHold: 500n }]]),
    });
  });

  it('treats unbalanced entries or an already negative wallet as a programmer error', () => {
    // Proves applyEntries asserts double entry on the way in and a sound state to start from.
    const lonely: LedgerEntry[] = [
      {
        account: { kind: 'wallet', walletId: 'w1' },
        bucket: 'available',
        amountMinor: 5n,
        currency: 'AED',
      },
    ];
    expect(() => applyEntries(new Map(), lonely)).toThrow(/sum to 5/);
    const broken = new Map([[walletKey('w1'), { available: -1n, onHold: 0n }]]);
    const entries = withdrawalRejectedEntries({
      walletId: 'w1',
      currency: 'AED',
      withdrawalMinor: 1n,
    });
    expect(() => applyEntries(broken, entries)).toThrow(/already negative/);
  });
});

// The wallets of the sequence test: two currencies, a merchant with its rolling-reserve wallet.
const WALLETS = [
  { walletId: 'alice', currency: 'AED' },
  { walletId: 'bob', currency: 'AED' },
  { walletId: 'shop', currency: 'AED' },
  { walletId: 'shop-rr', currency: 'AED' },
  { walletId: 'carol', currency: 'USD' },
  { walletId: 'dave', currency: 'USD' },
] as const;

const walletIndex = fc.integer({ min: 0, max: WALLETS.length - 1 });
const smallMinor = fc.bigInt({ min: 1n, max: 50_000n });

type Operation =
  | {
      kind: 'deposit';
      to: number;
      amountMinor: bigint;
      privilege: PaymentMethodPrivilege;
      vatBps: bigint;
    }
  | {
      kind: 'send';
      from: number;
      to: number;
      amountMinor: bigint;
      privilege: PaymentMethodPrivilege;
      vatBps: bigint;
      deduct: boolean;
    }
  | {
      kind: 'cardPayment';
      to: number;
      amountMinor: bigint;
      privilege: PaymentMethodPrivilege;
      vatBps: bigint;
    }
  | {
      kind: 'aggregateSettlement' | 'reserveRelease';
      from: number;
      to: number;
      amountMinor: bigint;
      reserveMinor: bigint;
    }
  | {
      kind: 'directSettlement' | 'withdrawalRequest' | 'withdrawalPaid' | 'withdrawalRejected';
      from: number;
      amountMinor: bigint;
    }
  | { kind: 'refund'; from: number; amountMinor: bigint; fromBucket: 'available' | 'on_hold' };

const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    to: walletIndex,
    amountMinor: smallMinor,
    privilege: openPrivilegeArbitrary,
    vatBps: vatBpsArbitrary,
  }),
  fc.record({
    kind: fc.constant('send' as const),
    from: walletIndex,
    to: walletIndex,
    amountMinor: smallMinor,
    privilege: openPrivilegeArbitrary,
    vatBps: vatBpsArbitrary,
    deduct: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('cardPayment' as const),
    to: walletIndex,
    amountMinor: smallMinor,
    privilege: openPrivilegeArbitrary,
    vatBps: vatBpsArbitrary,
  }),
  fc.record({
    kind: fc.constantFrom('aggregateSettlement' as const, 'reserveRelease' as const),
    from: walletIndex,
    to: walletIndex,
    amountMinor: smallMinor,
    reserveMinor: smallMinor,
  }),
  fc.record({
    kind: fc.constantFrom(
      'directSettlement' as const,
      'withdrawalRequest' as const,
      'withdrawalPaid' as const,
      'withdrawalRejected' as const,
    ),
    from: walletIndex,
    amountMinor: smallMinor,
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    from: walletIndex,
    amountMinor: smallMinor,
    fromBucket: fc.constantFrom('available' as const, 'on_hold' as const),
  }),
);

/** Quotes with charges on top or deducted; undefined when the quote is refused. */
function chargesFor(amountMinor: bigint, privilege: PaymentMethodPrivilege, vatBps: bigint, deduct: boolean) {
  const result = quoteCharges({
    amountMinor,
    privilege,
    vatBps,
    deductChargesFromAmount: deduct,
    usedTodayMinor: 0n,
  });
  return result.ok ? result : undefined;
}

/** The entries of an operation, or undefined when it makes no sense (same wallet, two currencies). */
function entriesFor(operation: Operation): Entries | undefined {
  switch (operation.kind) {
    case 'deposit': {
      const wallet = WALLETS[operation.to]!;
      const charges = chargesFor(operation.amountMinor, operation.privilege, operation.vatBps, false);
      return charges && depositEntries({ walletId: wallet.walletId, currency: wallet.currency, charges });
    }
    case 'send': {
      const payer = WALLETS[operation.from]!;
      const payee = WALLETS[operation.to]!;
      if (payer === payee || payer.currency !== payee.currency) return undefined;
      const charges = chargesFor(operation.amountMinor, operation.privilege, operation.vatBps, operation.deduct);
      return (
        charges &&
        sendMoneyEntries({
          payerWalletId: payer.walletId,
          payeeWalletId: payee.walletId,
          currency: payer.currency,
          charges,
        })
      );
    }
    case 'cardPayment': {
      const merchant = WALLETS[operation.to]!;
      const charges = chargesFor(operation.amountMinor, operation.privilege, operation.vatBps, true);
      return (
        charges &&
        merchantCardPaymentEntries({
          merchantWalletId: merchant.walletId,
          currency: merchant.currency,
          charges,
        })
      );
    }
    case 'aggregateSettlement':
    case 'reserveRelease':
      return reserveEntriesFor(operation);
    default:
      return singleWalletEntriesFor(operation);
  }
}

function reserveEntriesFor(operation: Extract<Operation, { kind: 'aggregateSettlement' | 'reserveRelease' }>): Entries | undefined {
  const merchant = WALLETS[operation.from]!;
  const reserve = WALLETS[operation.to]!;
  if (merchant === reserve || merchant.currency !== reserve.currency) return undefined;
  const ids = {
    merchantWalletId: merchant.walletId,
    reserveWalletId: reserve.walletId,
    currency: merchant.currency,
  };
  if (operation.kind === 'reserveRelease') {
    return rollingReserveReleaseEntries({ ...ids, releasedMinor: operation.amountMinor });
  }
  const reserveMinor = operation.reserveMinor % operation.amountMinor;
  return aggregateSettlementEntries({ ...ids, settledMinor: operation.amountMinor, reserveMinor });
}

function singleWalletEntriesFor(operation: Extract<Operation, { from: number; amountMinor: bigint }>): Entries {
  const { walletId, currency } = WALLETS[operation.from]!;
  const amountMinor = operation.amountMinor;
  switch (operation.kind) {
    case 'refund':
      return refundEntries({
        merchantWalletId: walletId,
        currency,
        refundMinor: amountMinor,
        fromBucket: operation.fromBucket,
      });
    case 'directSettlement':
      return directSettlementEntries({
        merchantWalletId: walletId,
        currency,
        settledMinor: amountMinor,
      });
    case 'withdrawalRequest':
      return withdrawalRequestEntries({ walletId, currency, withdrawalMinor: amountMinor });
    case 'withdrawalPaid':
      return withdrawalPaidEntries({ walletId, currency, withdrawalMinor: amountMinor });
    case 'withdrawalRejected':
      return withdrawalRejectedEntries({ walletId, currency, withdrawalMinor: amountMinor });
    default:
      throw new Error(`not a single-wallet operation: ${operation.kind}`);
  }
}

/** The ledger invariants of ARCHITECTURE section 4, checked after every movement. */
function expectLedgerInvariants(balances: Balances, applied: readonly LedgerEntry[]): void {
  for (const [key, value] of balances) {
    if (key.includes(':wallet:')) expect(value.available >= 0n && value.onHold >= 0n, key).toBe(true);
  }
  for (const totalMinor of totalByCurrency(balances).values()) expect(totalMinor).toBe(0n);
  expect(balances).toEqual(sumEntriesByAccount(applied));
}

describe('applyEntries over random sequences of movements', () => {
  it('never lets a wallet go negative, keeps every currency at zero, and leaves refused movements without effect', () => {
    // Proves the ledger invariants hold after every step of random deposits, transfers, payments, settlements, refunds and withdrawals.
    let acceptedCount = 0;
    let refusedCount = 0;
    fc.assert(
      fc.property(fc.array(operationArbitrary, { maxLength: 60 }), (operations) => {
        let balances: Balances = new Map();
        const applied: LedgerEntry[] = [];
        for (const operation of operations) {
          const entries = entriesFor(operation);
          if (entries === undefined) continue;
          const before = snapshot(balances);
          const result = applyEntries(balances, entries);
          if (result.ok) {
            balances = result.balances;
            applied.push(...entries);
            acceptedCount += 1;
          } else {
            expect(snapshot(balances)).toEqual(before);
            expect(WALLETS.some((wallet) => wallet.walletId === result.walletId)).toBe(true);
            refusedCount += 1;
          }
          expectLedgerInvariants(balances, applied);
        }
      }),
      { numRuns: 200 },
    );
    // The run is only meaningful if both outcomes were exercised.
    expect(acceptedCount).toBeGreaterThan(100);
    expect(refusedCount).toBeGreaterThan(100);
  });
});
