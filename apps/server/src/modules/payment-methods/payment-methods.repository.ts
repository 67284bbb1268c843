// Queries of payment methods: a method in a currency with its privilege (charges and limits),
// only active methods of active currency links. Kysely only; `db` or `trx` first.
import type { Queryable } from '../../db/database.ts';
import type { PaymentMethodsTable } from '../../db/schema.ts';

export type PaymentMethodType = PaymentMethodsTable['type'];

/** One method in one currency with its privilege (charges and limits). */
export interface PaymentMethodRow {
  payment_method_id: number;
  name: string;
  code: string;
  currency_payment_method_id: number;
  currency_id: number;
  vp_percentage_bps: number;
  gw_percentage_bps: number;
  vp_fixed_minor: bigint;
  gw_fixed_minor: bigint;
  min_amount_minor: bigint;
  max_amount_minor: bigint;
  daily_limit_minor: bigint;
}

function paymentMethodQuery(db: Queryable, type: PaymentMethodType, currencyId: number) {
  return db
    .selectFrom('payment_methods')
    .innerJoin('currency_payment_methods', 'currency_payment_methods.payment_method_id', 'payment_methods.id')
    .innerJoin('privileges', 'privileges.currency_payment_method_id', 'currency_payment_methods.id')
    .select([
      'payment_methods.id as payment_method_id',
      'payment_methods.name',
      'payment_methods.code',
      'currency_payment_methods.id as currency_payment_method_id',
      'currency_payment_methods.currency_id',
      'privileges.vp_percentage_bps',
      'privileges.gw_percentage_bps',
      'privileges.vp_fixed_minor',
      'privileges.gw_fixed_minor',
      'privileges.min_amount_minor',
      'privileges.max_amount_minor',
      'privileges.daily_limit_minor',
    ])
    .where('payment_methods.type', '=', type)
    .where('payment_methods.active', '=', true)
    .where('currency_payment_methods.currency_id', '=', currencyId)
    .where('currency_payment_methods.active', '=', true)
    .orderBy('payment_methods.sort')
    .orderBy('payment_methods.id');
}

/** The active methods of a type in a currency, in their display order. */
export async function listPaymentMethods(db: Queryable, type: PaymentMethodType, currencyId: number): Promise<PaymentMethodRow[]> {
  return paymentMethodQuery(db, type, currencyId).execute();
}

/**
 * The active method of a type in a currency: the one asked for by id, or without an id the
 * first in display order (send money has one TRANSFER method, 'WALLET', and names none).
 */
export async function findPaymentMethod(
  db: Queryable,
  type: PaymentMethodType,
  currencyId: number,
  paymentMethodId?: number,
): Promise<PaymentMethodRow | undefined> {
  const query = paymentMethodQuery(db, type, currencyId);
  return (paymentMethodId === undefined ? query : query.where('payment_methods.id', '=', paymentMethodId)).executeTakeFirst();
}
