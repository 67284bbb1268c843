// Card schemes (payment methods of type CARD_SCHEME, offered in every currency) and the demo
// merchant's card fee schedule: VISA and MASTERCARD in AED (2.5% + 1.00) and USD (2.9% + 0.30).
// AMEX is a scheme without a schedule: the demo merchant declines it until the console adds one.
import type { Db } from '../db/database.ts';

export const CARD_SCHEMES = [
  { code: 'VISA', name: 'Visa' },
  { code: 'MASTERCARD', name: 'Mastercard' },
  { code: 'AMEX', name: 'American Express' },
] as const;

export const DEMO_MERCHANT_FEES = [
  { scheme: 'VISA', currency: 'AED', percentageBps: 250, fixedMinor: 100n },
  { scheme: 'MASTERCARD', currency: 'AED', percentageBps: 250, fixedMinor: 100n },
  { scheme: 'VISA', currency: 'USD', percentageBps: 290, fixedMinor: 30n },
  { scheme: 'MASTERCARD', currency: 'USD', percentageBps: 290, fixedMinor: 30n },
] as const;

export async function insertCardSchemes(db: Db): Promise<void> {
  const currencies = await db.selectFrom('currencies').select('id').execute();
  for (const [sort, scheme] of CARD_SCHEMES.entries()) {
    await db
      .insertInto('payment_methods')
      .values({ name: scheme.name, code: scheme.code, type: 'CARD_SCHEME', sort: 100 + sort })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const method = await db.selectFrom('payment_methods').select('id').where('code', '=', scheme.code).executeTakeFirstOrThrow();
    for (const currency of currencies) {
      await db
        .insertInto('currency_payment_methods')
        .values({ payment_method_id: method.id, currency_id: currency.id })
        .onConflict((oc) => oc.columns(['payment_method_id', 'currency_id']).doNothing())
        .execute();
    }
  }
}

/** Gives a merchant a card fee schedule (the demo merchant here; test fixtures too). */
export async function insertMerchantFees(
  db: Db,
  merchantUserId: bigint,
  fees: ReadonlyArray<{ scheme: string; currency: string; percentageBps: number; fixedMinor: bigint }> = DEMO_MERCHANT_FEES,
): Promise<void> {
  for (const fee of fees) {
    const scheme = await db
      .selectFrom('payment_methods')
      .select('id')
      .where('code', '=', fee.scheme)
      .where('type', '=', 'CARD_SCHEME')
      .executeTakeFirstOrThrow();
    const currency = await db.selectFrom('currencies').select('id').where('code', '=', fee.currency).executeTakeFirstOrThrow();
    await db
      .insertInto('merchant_fees')
      .values({
        merchant_user_id: merchantUserId,
        payment_method_id: scheme.id,
        currency_id: currency.id,
        percentage_bps: fee.percentageBps,
        fixed_minor: fee.fixedMinor,
      })
      .onConflict((oc) =>
        oc.columns(['merchant_user_id', 'payment_method_id', 'currency_id']).doUpdateSet({
          percentage_bps: fee.percentageBps,
          fixed_minor: fee.fixedMinor,
          active: true,
        }),
      )
      .execute();
  }
}

export async function insertDemoMerchantFees(db: Db, merchantEmail: string): Promise<void> {
  const merchant = await db.selectFrom('users').select('id').where('email', '=', merchantEmail).executeTakeFirst();
  if (merchant) await insertMerchantFees(db, merchant.id);
}
