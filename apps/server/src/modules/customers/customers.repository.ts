// Queries of a merchant's customers and their (masked) cards. Every query names the merchant,
// so another merchant's customer is never read, whatever ids a request carries.
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import { defineListSource, inChannels, likePattern, withinDays, type ChannelFilter, type DayRange } from '../../db/lists.ts';

export interface CustomerListParams extends DayRange {
  merchantUserId: bigint;
  /** Part of the name, e-mail or phone; absent or empty: every customer. */
  search?: string | undefined;
  /** The store -> terminal -> channel of the first payment, checked by stores.service. */
  channels: ChannelFilter;
}

export interface CustomerRow {
  id: bigint;
  name: string;
  email: string | null;
  phone: string | null;
  country: string | null;
  city: string | null;
  transactions_count: number;
  created_at: Date;
}

/** The merchant's customers, newest first, filtered by first-seen day, search and channel. */
export const customerListSource = defineListSource({
  name: 'customers',
  key: 'customers.id',
  filtered: (db: Queryable, params: CustomerListParams) =>
    db
      .selectFrom('customers')
      .where('customers.merchant_user_id', '=', params.merchantUserId)
      .where(withinDays('customers.created_at', params))
      .$if(params.channels !== null, (query) => query.where(inChannels('customers.channel_id', params.channels)))
      .$if(Boolean(params.search), (query) => {
        const pattern = likePattern(params.search!, 'contains');
        return query.where((eb) =>
          eb.or([eb('customers.name', 'ilike', pattern), eb('customers.email', 'ilike', pattern), eb('customers.phone', 'ilike', pattern)]),
        );
      }),
  columns: (query) =>
    query.select([
      'customers.id',
      'customers.name',
      'customers.email',
      'customers.phone',
      'customers.country',
      'customers.city',
      'customers.transactions_count',
      'customers.created_at',
    ]),
  keyOf: (row: CustomerRow) => row.id,
});

export interface CustomerCardRow {
  customer_id: bigint;
  card_holder_name: string;
  card_number: string;
  created_at: Date;
}

/** The cards of these customers of the merchant, oldest first per customer. */
export async function listCardsOfCustomers(
  db: Queryable,
  merchantUserId: bigint,
  customerIds: readonly bigint[],
): Promise<CustomerCardRow[]> {
  if (customerIds.length === 0) return [];
  return db
    .selectFrom('customer_cards')
    .innerJoin('customers', 'customers.id', 'customer_cards.customer_id')
    .select(['customer_cards.customer_id', 'customer_cards.card_holder_name', 'customer_cards.card_number', 'customer_cards.created_at'])
    .where('customers.merchant_user_id', '=', merchantUserId)
    .where('customer_cards.customer_id', 'in', customerIds)
    .orderBy('customer_cards.customer_id')
    .orderBy('customer_cards.id')
    .execute();
}

export interface NewCustomer {
  merchantUserId: bigint;
  name: string;
  email: string | null;
  phone: string | null;
  country: string | null;
  city: string | null;
  channelId: bigint | null;
  transactionsCount: number;
  createdAt: Date;
  cards: Array<{ cardHolderName: string; cardNumber: string; createdAt: Date }>;
}

/** A customer with its cards (the demo data and the test fixtures; payments will add them later). */
export async function insertCustomer(trx: Queryable, customer: NewCustomer): Promise<bigint> {
  const row = await trx
    .insertInto('customers')
    .values({
      merchant_user_id: customer.merchantUserId,
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      country: customer.country,
      city: customer.city,
      channel_id: customer.channelId,
      transactions_count: customer.transactionsCount,
      created_at: customer.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (customer.cards.length > 0) {
    await trx
      .insertInto('customer_cards')
      .values(
        customer.cards.map((card) => ({
          customer_id: row.id,
          card_holder_name: card.cardHolderName,
          card_number: card.cardNumber,
          created_at: card.createdAt,
        })),
      )
      .execute();
  }
  return row.id;
}

/** The merchant's customer with this e-mail (case-insensitive) or, failing that, this phone; locked. */
export async function lockCustomerByContact(
  trx: Queryable,
  merchantUserId: bigint,
  contact: { email: string | null; phone: string | null },
): Promise<{ id: bigint } | undefined> {
  if (contact.email) {
    const byEmail = await trx
      .selectFrom('customers')
      .select('id')
      .where('merchant_user_id', '=', merchantUserId)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', contact.email!.toLowerCase()))
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (byEmail) return byEmail;
  }
  if (contact.phone) {
    return trx
      .selectFrom('customers')
      .select('id')
      .where('merchant_user_id', '=', merchantUserId)
      .where('phone', '=', contact.phone)
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
  }
  return undefined;
}

/**
 * A payment by `card` counted on the customer, in one statement: the (masked) card added unless
 * the customer has it already under the same holder, and the customer's transactions count
 * raised by one. The caller holds the customer's row (recordPaymentCustomer), so two payments of
 * one customer never add its card twice.
 */
export async function countCustomerPayment(
  trx: Queryable,
  merchantUserId: bigint,
  customerId: bigint,
  card: { cardHolderName: string; cardNumber: string },
): Promise<void> {
  await sql`
    WITH card AS (
      INSERT INTO customer_cards (customer_id, card_holder_name, card_number, created_at)
      SELECT ${customerId}, ${card.cardHolderName}, ${card.cardNumber}, ${new Date()}
       WHERE NOT EXISTS (
               SELECT 1 FROM customer_cards
                WHERE customer_id = ${customerId} AND card_number = ${card.cardNumber} AND card_holder_name = ${card.cardHolderName})
    )
    UPDATE customers SET transactions_count = transactions_count + 1
     WHERE id = ${customerId} AND merchant_user_id = ${merchantUserId}`.execute(trx);
}

/**
 * Serialises the payments of one merchant's customer contact (e-mail, else phone) until the
 * transaction ends, so two first payments side by side make one customer, not two. A row lock
 * on the contact's row of customer_contact_locks, taken by one statement: the row is inserted
 * the first time, and otherwise (ON CONFLICT DO UPDATE) the existing row is locked, after the
 * transaction that holds it ends (a second insert of a new key waits for the first's, then
 * takes the update's path and holds the lock in turn). Other contacts never wait, and no
 * advisory lock, so a distributed PostgreSQL-compatible engine runs it too.
 */
export async function lockCustomerContactKey(trx: Queryable, merchantUserId: bigint, contact: string): Promise<void> {
  await trx
    .insertInto('customer_contact_locks')
    .values({ merchant_user_id: merchantUserId, contact })
    .onConflict((oc) => oc.columns(['merchant_user_id', 'contact']).doUpdateSet({ contact: (eb) => eb.ref('excluded.contact') }))
    .execute();
}
