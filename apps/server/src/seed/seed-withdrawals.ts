// The withdrawal methods of the catalogue (issue 16): a bank transfer offered in every currency,
// whose fields are the account name, the IBAN (checked by its checksum) and the SWIFT/BIC
// (checked by its form). Written once (a marker in settings), so an operator's edits stay.
import type { Db } from '../db/database.ts';

export const BANK_TRANSFER = {
  code: 'BANK_TRANSFER',
  name: 'Bank Transfer',
  fields: [
    { name: 'Account Name', rule: 'text', required: true },
    { name: 'IBAN', rule: 'iban', required: true },
    { name: 'SWIFT/BIC', rule: 'bic', required: true },
  ],
} as const;

export async function insertWithdrawalMethods(db: Db): Promise<void> {
  const currencies = await db.selectFrom('currencies').select('id').execute();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('payment_methods')
      .values({ name: BANK_TRANSFER.name, code: BANK_TRANSFER.code, type: 'WITHDRAWAL', sort: 0 })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const method = await trx.selectFrom('payment_methods').select('id').where('code', '=', BANK_TRANSFER.code).executeTakeFirstOrThrow();
    for (const currency of currencies) {
      await trx
        .insertInto('currency_payment_methods')
        .values({ payment_method_id: method.id, currency_id: currency.id })
        .onConflict((oc) => oc.columns(['payment_method_id', 'currency_id']).doNothing())
        .execute();
    }
    for (const [sort, field] of BANK_TRANSFER.fields.entries()) {
      await trx
        .insertInto('withdrawal_fields')
        .values({ payment_method_id: method.id, name: field.name, rule: field.rule, required: field.required, sort })
        .onConflict((oc) => oc.columns(['payment_method_id', 'name']).doNothing())
        .execute();
    }
  });
}
