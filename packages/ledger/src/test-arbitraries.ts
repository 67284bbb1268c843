// fast-check generators shared by the property tests (test support, not part of the API).

import fc from 'fast-check';
import type { PaymentMethodPrivilege } from './fees.ts';

/** Privileges as operations could configure them: up to 15% in total, a few units fixed. */
export const privilegeArbitrary: fc.Arbitrary<PaymentMethodPrivilege> = fc.record({
  vpPercentageBps: fc.bigInt({ min: 0n, max: 1_000n }),
  gwPercentageBps: fc.bigInt({ min: 0n, max: 500n }),
  vpFixedMinor: fc.bigInt({ min: 0n, max: 500n }),
  gwFixedMinor: fc.bigInt({ min: 0n, max: 500n }),
  minAmountMinor: fc.bigInt({ min: 0n, max: 1_000n }),
  maxAmountMinor: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1_000n, max: 10n ** 9n })),
  dailyLimitMinor: fc.oneof(fc.constant(0n), fc.bigInt({ min: 10_000n, max: 10n ** 10n })),
});

/** A privilege without limits, so that sequences of movements are not mostly refused. */
export const openPrivilegeArbitrary: fc.Arbitrary<PaymentMethodPrivilege> = privilegeArbitrary.map((privilege) => ({
  ...privilege,
  minAmountMinor: 0n,
  maxAmountMinor: 0n,
  dailyLimitMinor: 0n,
}));

export const vatBpsArbitrary = fc.bigInt({ min: 0n, max: 2_500n });

/** Amounts around the interesting edges: zero, negatives, small, and up to ten million units. */
export const amountMinorArbitrary = fc.oneof(fc.bigInt({ min: -100n, max: 2_000n }), fc.bigInt({ min: 1n, max: 10n ** 9n }));

export const positiveMinorArbitrary = fc.bigInt({ min: 1n, max: 10n ** 12n });
