import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { quoteCharges } from './fees.ts';
import type { Charges } from './fees.ts';
import {
  aggregateSettlementEntries,
  assertBalanced,
  depositEntries,
  directSettlementEntries,
  merchantCardPaymentEntries,
  refundEntries,
  rollingReserveReleaseEntries,
  sendMoneyEntries,
  sumByCurrency,
  withdrawalPaidEntries,
  withdrawalRejectedEntries,
  withdrawalRequestEntries,
} from './postings.ts';
import type { Entries, LedgerEntry } from './postings.ts';
import { openPrivilegeArbitrary, positiveMinorArbitrary, vatBpsArbitrary } from './test-arbitraries.ts';

const charges: Charges = {
  amountMinor: 10_000n,
  feeMinor: 450n,
  vatMinor: 23n,
  totalDebitMinor: 10_473n,
};
const deducted: Charges = {
  amountMinor: 9_527n,
  feeMinor: 450n,
  vatMinor: 23n,
  totalDebitMinor: 10_000n,
};

/** Entries as compact rows "account bucket amount", easy to compare with the architecture table. */
function rows(entries: Entries): string[] {
  return entries.map((entry: LedgerEntry) => {
    const account = entry.account.kind === 'wallet' ? entry.account.walletId : entry.account.system;
    return `${account} ${entry.bucket} ${entry.amountMinor} ${entry.currency}`;
  });
}

describe('posting builders match the architecture table', () => {
  it('posts a deposit: gateway -(A+F+V); wallet +A; fees +F; vat +V', () => {
    // Proves the deposit row of ARCHITECTURE section 4 with the worked-example charges.
    expect(rows(depositEntries({ walletId: 'w1', currency: 'AED', charges }))).toEqual([
      'gateway available -10473 AED',
      'w1 available 10000 AED',
      'fees available 450 AED',
      'vat available 23 AED',
    ]);
  });

  it('posts send money with charges paid by the payer and with charges deducted', () => {
    // Proves both send-money rows: payer -(A+F+V), payee +A; and payer -A, payee +(A-F-V).
    expect(rows(sendMoneyEntries({ payerWalletId: 'p', payeeWalletId: 'q', currency: 'AED', charges }))).toEqual([
      'p available -10473 AED',
      'q available 10000 AED',
      'fees available 450 AED',
      'vat available 23 AED',
    ]);
    expect(
      rows(
        sendMoneyEntries({
          payerWalletId: 'p',
          payeeWalletId: 'q',
          currency: 'AED',
          charges: deducted,
        }),
      ),
    ).toEqual(['p available -10000 AED', 'q available 9527 AED', 'fees available 450 AED', 'vat available 23 AED']);
  });

  it('posts a merchant card payment into the on-hold bucket', () => {
    // Proves gateway -X; merchant on-hold +(X-F-V); fees +F; vat +V.
    expect(rows(merchantCardPaymentEntries({ merchantWalletId: 'm', currency: 'AED', charges: deducted }))).toEqual([
      'gateway available -10000 AED',
      'm on_hold 9527 AED',
      'fees available 450 AED',
      'vat available 23 AED',
    ]);
  });

  it('posts settlements, reserve release, refunds and withdrawals', () => {
    // Proves the remaining rows of the table, and that a zero reserve leaves no zero entry.
    expect(
      rows(
        aggregateSettlementEntries({
          merchantWalletId: 'm',
          reserveWalletId: 'r',
          currency: 'AED',
          settledMinor: 1_000n,
          reserveMinor: 100n,
        }),
      ),
    ).toEqual(['m on_hold -1000 AED', 'm available 900 AED', 'r available 100 AED']);
    expect(
      rows(
        aggregateSettlementEntries({
          merchantWalletId: 'm',
          reserveWalletId: 'r',
          currency: 'AED',
          settledMinor: 1_000n,
          reserveMinor: 0n,
        }),
      ),
    ).toEqual(['m on_hold -1000 AED', 'm available 1000 AED']);
    expect(
      rows(
        rollingReserveReleaseEntries({
          merchantWalletId: 'm',
          reserveWalletId: 'r',
          currency: 'AED',
          releasedMinor: 100n,
        }),
      ),
    ).toEqual(['r available -100 AED', 'm available 100 AED']);
    expect(rows(directSettlementEntries({ merchantWalletId: 'm', currency: 'AED', settledMinor: 1_000n }))).toEqual([
      'm on_hold -1000 AED',
      'payouts available 1000 AED',
    ]);
    expect(
      rows(
        refundEntries({
          merchantWalletId: 'm',
          currency: 'AED',
          refundMinor: 70n,
          fromBucket: 'on_hold',
        }),
      ),
    ).toEqual(['m on_hold -70 AED', 'gateway available 70 AED']);
    const withdrawal = { walletId: 'w', currency: 'AED', withdrawalMinor: 500n };
    expect(rows(withdrawalRequestEntries(withdrawal))).toEqual(['w available -500 AED', 'w on_hold 500 AED']);
    expect(rows(withdrawalPaidEntries(withdrawal))).toEqual(['w on_hold -500 AED', 'payouts available 500 AED']);
    expect(rows(withdrawalRejectedEntries(withdrawal))).toEqual(['w on_hold -500 AED', 'w available 500 AED']);
  });
});

describe('posting builders refuse programmer errors', () => {
  it('throws on non-positive, non-bigint or inconsistent amounts', () => {
    // Proves each builder's assertions fire before any entry could be written.
    expect(() => directSettlementEntries({ merchantWalletId: 'm', currency: 'AED', settledMinor: 0n })).toThrow(/positive/);
    expect(() =>
      refundEntries({
        merchantWalletId: 'm',
        currency: 'AED',
        refundMinor: -1n,
        fromBucket: 'available',
      }),
    ).toThrow(/positive/);
    expect(() =>
      withdrawalRequestEntries({
        walletId: 'w',
        currency: 'AED',
        withdrawalMinor: 5 as unknown as bigint,
      }),
    ).toThrow(/bigint/);
    expect(() =>
      depositEntries({
        walletId: 'w',
        currency: 'AED',
        charges: { ...charges, totalDebitMinor: 10_000n },
      }),
    ).toThrow(/totalDebitMinor/);
    expect(() => sendMoneyEntries({ payerWalletId: 'p', payeeWalletId: 'p', currency: 'AED', charges })).toThrow(/two wallets/);
    expect(() =>
      aggregateSettlementEntries({
        merchantWalletId: 'm',
        reserveWalletId: 'r',
        currency: 'AED',
        settledMinor: 100n,
        reserveMinor: 101n,
      }),
    ).toThrow(/R <= S/);
    expect(() => directSettlementEntries({ merchantWalletId: '', currency: 'AED', settledMinor: 1n })).toThrow(/walletId/);
    expect(() => directSettlementEntries({ merchantWalletId: 'm', currency: 'aed', settledMinor: 1n })).toThrow(/currency/);
  });

  it('detects unbalanced entries per currency', () => {
    // Proves assertBalanced checks each currency on its own, not only the grand total.
    const system = { kind: 'system', system: 'gateway' } as const;
    const mixed: LedgerEntry[] = [
      { account: system, bucket: 'available', amountMinor: 100n, currency: 'AED' },
      { account: system, bucket: 'available', amountMinor: -100n, currency: 'USD' },
    ];
    expect(sumByCurrency(mixed)).toEqual(
      new Map([
        ['AED', 100n],
        ['USD', -100n],
      ]),
    );
    expect(() => assertBalanced(mixed)).toThrow(/AED/);
  });
});

const chargesArbitrary: fc.Arbitrary<Charges> = fc
  .record({
    amountMinor: positiveMinorArbitrary,
    privilege: openPrivilegeArbitrary,
    vatBps: vatBpsArbitrary,
    deduct: fc.boolean(),
  })
  .map(({ amountMinor, privilege, vatBps, deduct }) =>
    quoteCharges({
      amountMinor,
      privilege,
      vatBps,
      deductChargesFromAmount: deduct,
      usedTodayMinor: 0n,
    }),
  )
  .filter((result) => result.ok)
  .map((result) => result as Charges);

const currencyArbitrary = fc.constantFrom('AED', 'USD', 'EUR');

/** Every builder, fed random valid input, as one arbitrary of its entries. */
const anyEntriesArbitrary: fc.Arbitrary<Entries> = fc.oneof(
  fc.tuple(chargesArbitrary, currencyArbitrary).map(([c, currency]) => depositEntries({ walletId: 'w', currency, charges: c })),
  fc
    .tuple(chargesArbitrary, currencyArbitrary)
    .map(([c, currency]) => sendMoneyEntries({ payerWalletId: 'p', payeeWalletId: 'q', currency, charges: c })),
  fc
    .tuple(chargesArbitrary, currencyArbitrary)
    .map(([c, currency]) => merchantCardPaymentEntries({ merchantWalletId: 'm', currency, charges: c })),
  fc
    .tuple(positiveMinorArbitrary, fc.bigInt({ min: 0n, max: 10n ** 12n }), currencyArbitrary)
    .filter(([settledMinor, reserveMinor]) => reserveMinor <= settledMinor)
    .map(([settledMinor, reserveMinor, currency]) =>
      aggregateSettlementEntries({
        merchantWalletId: 'm',
        reserveWalletId: 'r',
        currency,
        settledMinor,
        reserveMinor,
      }),
    ),
  fc.tuple(positiveMinorArbitrary, currencyArbitrary).map(([releasedMinor, currency]) =>
    rollingReserveReleaseEntries({
      merchantWalletId: 'm',
      reserveWalletId: 'r',
      currency,
      releasedMinor,
    }),
  ),
  fc
    .tuple(positiveMinorArbitrary, currencyArbitrary)
    .map(([settledMinor, currency]) => directSettlementEntries({ merchantWalletId: 'm', currency, settledMinor })),
  fc
    .tuple(positiveMinorArbitrary, currencyArbitrary, fc.constantFrom('available' as const, 'on_hold' as const))
    .map(([refundMinor, currency, fromBucket]) => refundEntries({ merchantWalletId: 'm', currency, refundMinor, fromBucket })),
  fc
    .tuple(positiveMinorArbitrary, currencyArbitrary)
    .map(([withdrawalMinor, currency]) => withdrawalRequestEntries({ walletId: 'w', currency, withdrawalMinor })),
  fc
    .tuple(positiveMinorArbitrary, currencyArbitrary)
    .map(([withdrawalMinor, currency]) => withdrawalPaidEntries({ walletId: 'w', currency, withdrawalMinor })),
  fc
    .tuple(positiveMinorArbitrary, currencyArbitrary)
    .map(([withdrawalMinor, currency]) => withdrawalRejectedEntries({ walletId: 'w', currency, withdrawalMinor })),
);

describe('posting builder invariants', () => {
  it('makes every builder return non-zero entries that sum to zero per currency', () => {
    // Proves double entry for random valid input to every builder.
    fc.assert(
      fc.property(anyEntriesArbitrary, (entries) => {
        expect(entries.length).toBeGreaterThanOrEqual(2);
        expect(entries.every((entry) => entry.amountMinor !== 0n)).toBe(true);
        for (const sumMinor of sumByCurrency(entries).values()) expect(sumMinor).toBe(0n);
        expect(Object.isFrozen(entries)).toBe(true);
      }),
    );
  });
});
