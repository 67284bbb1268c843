import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { quoteCharges } from './fees.ts';
import {
  POSTING_KEY_LENGTH_MAX,
  assertPostingKey,
  comparePostingDigests,
  isPostingKey,
  postingDigestSource,
  postingKey,
  type PostingDigestInput,
} from './posting-keys.ts';
import { merchantCardPaymentEntries, sendMoneyEntries } from './postings.ts';
import { openPrivilegeArbitrary, positiveMinorArbitrary, vatBpsArbitrary } from './test-arbitraries.ts';

const charges = { amountMinor: 10_000n, feeMinor: 450n, vatMinor: 23n, totalDebitMinor: 10_473n };

function transfer(overrides: Partial<PostingDigestInput> = {}): PostingDigestInput {
  return {
    fields: { typeId: 3, status: 1, currencyId: 1, amountMinor: 10_000n, senderWalletId: '7', receiverWalletId: '9' },
    entries: sendMoneyEntries({ payerWalletId: '7', payeeWalletId: '9', currency: 'AED', charges }),
    charges: [
      { name: 'Fee', type: 'fee', chargesMinor: 450n },
      { name: 'VAT', type: 'vat', chargesMinor: 23n },
    ],
    ...overrides,
  };
}

/** A permutation of `items` chosen by `seed` (Fisher-Yates driven by a small LCG). */
function permuted<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('posting keys', () => {
  it('builds a key from what a posting settles, and refuses malformed ones', () => {
    // Proves the key's form: a kebab-case name, then ids; nothing else gets through.
    expect(postingKey('refund', '0b0e5a5c-2a3b-4c2d-9e8f-0123456789ab')).toBe('refund:0b0e5a5c-2a3b-4c2d-9e8f-0123456789ab');
    expect(postingKey('batch-item', 'settlement', '2026-11-26', 42n)).toBe('batch-item:settlement:2026-11-26:42');
    expect(isPostingKey('send-money-quote:17')).toBe(true);
    for (const bad of [
      '',
      'refund',
      'Refund:1',
      'refund:',
      'refund:a b',
      'refund:1;drop',
      ':1',
      'refund::1',
      `r:${'x'.repeat(POSTING_KEY_LENGTH_MAX)}`,
    ]) {
      expect(isPostingKey(bad), bad).toBe(false);
      expect(() => assertPostingKey(bad)).toThrow(/ledger assertion failed: a posting key/);
    }
    expect(() => postingKey('refund')).toThrow(/at least one id/);
    expect(() => postingKey('refund', 'a/b')).toThrow(/letters, digits/);
    expect(() => postingKey('Refund', 1)).toThrow(/kebab-case/);
  });

  it('compares a stored digest with a new one: exists, or exists with a different movement', () => {
    // Proves the two answers a reused key can get (TigerBeetle's exists / exists_with_different_amount).
    expect(comparePostingDigests('abc', 'abc')).toBe('exists');
    expect(comparePostingDigests('abc', 'abd')).toBe('exists_with_different_movement');
  });
});

describe("a posting's canonical form", () => {
  it('is the same for the same movement however its entries, charges and fields are ordered', () => {
    // Proves order independence on a worked example: reversed entries, charges and field order.
    const base = transfer();
    const reordered = transfer({
      fields: Object.fromEntries(Object.entries(base.fields).reverse()),
      entries: [...base.entries].reverse(),
      charges: [...base.charges].reverse(),
    });
    expect(postingDigestSource(reordered)).toBe(postingDigestSource(base));
  });

  it('leaves out entries and charges of zero, which the ledger never writes', () => {
    // Proves "what the posting writes": a zero VAT row written or not is the same movement.
    const noVat = { ...charges, vatMinor: 0n, totalDebitMinor: 10_450n };
    const entries = sendMoneyEntries({ payerWalletId: '7', payeeWalletId: '9', currency: 'AED', charges: noVat });
    const withZero = transfer({
      entries,
      charges: [
        { name: 'Fee', type: 'fee', chargesMinor: 450n },
        { name: 'VAT', type: 'vat', chargesMinor: 0n },
      ],
    });
    const without = transfer({ entries, charges: [{ name: 'Fee', type: 'fee', chargesMinor: 450n }] });
    expect(postingDigestSource(withZero)).toBe(postingDigestSource(without));
  });

  it('tells apart two entries of 5 and one of 10, and a charge named with JSON in it', () => {
    // Proves that the form keeps every row and that quoting keeps the parts apart.
    const wallet = { kind: 'wallet', walletId: '1' } as const;
    const gateway = { kind: 'system', system: 'gateway' } as const;
    const two = transfer({
      entries: [
        { account: wallet, bucket: 'available', amountMinor: 5n, currency: 'AED' },
        { account: wallet, bucket: 'available', amountMinor: 5n, currency: 'AED' },
        { account: gateway, bucket: 'available', amountMinor: -10n, currency: 'AED' },
      ],
    });
    const one = transfer({
      entries: [
        { account: wallet, bucket: 'available', amountMinor: 10n, currency: 'AED' },
        { account: gateway, bucket: 'available', amountMinor: -10n, currency: 'AED' },
      ],
    });
    expect(postingDigestSource(two)).not.toBe(postingDigestSource(one));
    const tricky = transfer({ charges: [{ name: 'Fee","vat","1', type: 'fee', chargesMinor: 450n }] });
    const plain = transfer({
      charges: [
        { name: 'Fee', type: 'vat', chargesMinor: 1n },
        { name: 'Fee', type: 'fee', chargesMinor: 450n },
      ],
    });
    expect(postingDigestSource(tricky)).not.toBe(postingDigestSource(plain));
  });

  it('refuses a posting without entries: a key guards a movement of money', () => {
    expect(() => postingDigestSource(transfer({ entries: [] }))).toThrow(/a keyed posting moves money/);
  });

  it('property: any order of the same entries gives the same form; any change of an amount gives another', () => {
    // Proves the two promises over generated card payments: shuffling never changes the form,
    // and changing one entry's amount, a charge or a field always does.
    fc.assert(
      fc.property(
        openPrivilegeArbitrary,
        vatBpsArbitrary,
        positiveMinorArbitrary,
        fc.nat(),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (privilege, vatBps, amountMinor, seed, delta) => {
          const quoted = quoteCharges({ amountMinor, privilege, vatBps, deductChargesFromAmount: true, usedTodayMinor: 0n });
          fc.pre(quoted.ok && quoted.amountMinor > 0n);
          if (!quoted.ok) return;
          const entries = merchantCardPaymentEntries({ merchantWalletId: '5', currency: 'AED', charges: quoted });
          const input = transfer({
            fields: { typeId: 9, status: 1, amountMinor: quoted.totalDebitMinor },
            entries,
            charges: [
              { name: 'Fee', type: 'fee', chargesMinor: quoted.feeMinor },
              { name: 'VAT', type: 'vat', chargesMinor: quoted.vatMinor },
            ],
          });
          const form = postingDigestSource(input);
          const shuffled = permuted(entries, seed);
          expect(postingDigestSource({ ...input, entries: shuffled, charges: [...input.charges].reverse() })).toBe(form);

          const changedAt = seed % entries.length;
          const changed = entries.map((entry, index) =>
            index === changedAt ? { ...entry, amountMinor: entry.amountMinor + delta } : entry,
          );
          expect(postingDigestSource({ ...input, entries: changed })).not.toBe(form);
          expect(postingDigestSource({ ...input, fields: { ...input.fields, amountMinor: quoted.totalDebitMinor + delta } })).not.toBe(
            form,
          );
          const charged = [{ name: 'Fee', type: 'fee', chargesMinor: quoted.feeMinor + delta }, input.charges[1]!];
          expect(postingDigestSource({ ...input, charges: charged })).not.toBe(form);
        },
      ),
    );
  });
});
