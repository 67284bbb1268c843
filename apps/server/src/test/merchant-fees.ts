// A card fee schedule for a test merchant (the demo merchant has one from the seed).
import type { TestApp } from './harness.ts';
import { DEMO_MERCHANT_FEES, insertMerchantFees } from '../seed/seed-merchant-payments.ts';

export type TestFee = { scheme: string; currency: string; percentageBps: number; fixedMinor: bigint };

/** VISA and MASTERCARD in AED at 2.5% + 1.00 and in USD at 2.9% + 0.30, unless told otherwise. */
export async function giveMerchantFees(t: TestApp, merchantUserId: bigint, fees: readonly TestFee[] = DEMO_MERCHANT_FEES): Promise<void> {
  await insertMerchantFees(t.deps.db, merchantUserId, fees);
}
