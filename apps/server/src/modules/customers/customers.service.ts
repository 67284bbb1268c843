// A merchant's customers (spec 3 section 2.5): who paid the merchant, with the cards they paid
// with, only ever masked (first six and last four digits; the table refuses anything else).
// Filtered by the day they were first seen (GMT), a search, and the store -> terminal ->
// channel of their first payment, which stores.service checks to be the merchant's.
import type { TCustomerCard, TGetMerchantCustomersInput, TGetMerchantCustomersResponse } from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { defineList, listPage } from '../../db/lists.ts';
import { resolveStoreScope } from '../stores/stores.service.ts';
import {
  countCustomerPayment,
  customerListSource,
  insertCustomer,
  listCardsOfCustomers,
  lockCustomerByContact,
  lockCustomerContactKey,
  type CustomerRow,
  type NewCustomer,
} from './customers.repository.ts';

export type { NewCustomer };

const customerList = defineList({ source: customerListSource, view: (row: CustomerRow) => row });

export async function getMerchantCustomers(
  deps: Deps,
  merchantUserId: bigint,
  input: TGetMerchantCustomersInput,
): Promise<TGetMerchantCustomersResponse> {
  const channels = await resolveStoreScope(deps.db, merchantUserId, input);
  const page = await listPage(
    deps.db,
    customerList,
    { merchantUserId, fromDate: input.fromDate, toDate: input.toDate, search: input.search, channels },
    { page: input.page, perPage: input.perPage },
  );
  const cards = await listCardsOfCustomers(
    deps.db,
    merchantUserId,
    page.data.map((row) => row.id),
  );
  const cardsOf = new Map<bigint, TCustomerCard[]>();
  for (const card of cards) {
    const list = cardsOf.get(card.customer_id) ?? [];
    list.push({ card_holder_name: card.card_holder_name, card_number: card.card_number, created_at: card.created_at.toISOString() });
    cardsOf.set(card.customer_id, list);
  }
  return {
    data: page.data.map((row) => ({
      id: Number(row.id),
      name: row.name,
      email: row.email,
      phone: row.phone,
      country: row.country,
      city: row.city,
      transactions_count: row.transactions_count,
      created_at: row.created_at.toISOString(),
      cards: cardsOf.get(row.id) ?? [],
    })),
    paginationData: page.paginationData,
  };
}

/** Adds a customer with its cards (the demo seed and test fixtures). */
export async function addCustomer(db: Queryable, customer: NewCustomer): Promise<bigint> {
  return insertCustomer(db, customer);
}

/** Who paid a merchant, as a payment records them (checkout form, API or POS). */
export interface PaymentCustomerInput {
  merchantUserId: bigint;
  /** The channel of the payment: kept as the customer's first channel when the customer is new. */
  channelId: bigint;
  name: string;
  email?: string | null;
  phone?: string | null;
  country?: string | null;
  city?: string | null;
  /** Masked only (first six, last four): the table refuses anything else. */
  card: { holderName: string; maskedNumber: string };
}

const cut = (value: string | null | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/**
 * Records a payment's customer under the merchant, inside the payment's transaction: the
 * merchant's customer with the same e-mail (else phone) when there is one, a new customer
 * otherwise; adds the masked card once and counts the payment. Answers the customer's id.
 */
export async function recordPaymentCustomer(trx: Queryable, input: PaymentCustomerInput): Promise<bigint> {
  const email = cut(input.email, 254)?.toLowerCase() ?? null;
  const phone = cut(input.phone, 30);
  const contact = email ?? phone;
  if (contact) await lockCustomerContactKey(trx, input.merchantUserId, contact);
  const found = await lockCustomerByContact(trx, input.merchantUserId, { email, phone });
  const customerId =
    found?.id ??
    (await insertCustomer(trx, {
      merchantUserId: input.merchantUserId,
      name: cut(input.name, 200) ?? cut(input.card.holderName, 200) ?? 'Customer',
      email,
      phone,
      country: cut(input.country, 100),
      city: cut(input.city, 100),
      channelId: input.channelId,
      transactionsCount: 0,
      createdAt: new Date(),
      cards: [],
    }));
  await countCustomerPayment(trx, input.merchantUserId, customerId, {
    cardHolderName: cut(input.card.holderName, 200) ?? 'Card holder',
    cardNumber: input.card.maskedNumber,
  });
  return customerId;
}
