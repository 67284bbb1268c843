// Demo customers of the demo merchant: 25 people who paid through its channels over the last
// two months, most with one to three cards (masked: first six and last four digits) and a few
// with none, so the Customers screen, its filters and the cards modal have something to show.
// Deterministic: the same names, cards and days on every fresh database.
import type { Db } from '../db/database.ts';
import { addCustomer } from '../modules/customers/customers.service.ts';

const FIRST = ['Aisha', 'Karim', 'Lina', 'Yusuf', 'Nour', 'Hassan', 'Sara', 'Tariq', 'Mariam', 'Ziad', 'Rania', 'Fadi', 'Huda'];
const LAST = ['Mansour', 'Saleh', 'Khoury', 'Farouk', 'Aziz', 'Hamdan', 'Rahman', 'Najjar', 'Barakat', 'Qasim', 'Darwish'];
const PLACES = [
  { country: 'United Arab Emirates', city: 'Dubai' },
  { country: 'United Arab Emirates', city: 'Abu Dhabi' },
  { country: 'Saudi Arabia', city: 'Riyadh' },
  { country: 'Jordan', city: 'Amman' },
  { country: 'Lebanon', city: 'Beirut' },
  { country: 'Egypt', city: 'Cairo' },
];
const BINS = ['411111', '545454', '400000', '522222', '601100'];
export const DEMO_CUSTOMER_COUNT = 25;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function insertDemoCustomers(db: Db, merchantEmail: string): Promise<void> {
  const merchant = await db.selectFrom('users').select('id').where('email', '=', merchantEmail).executeTakeFirst();
  if (!merchant) return;
  const channels = await db.selectFrom('channels').select('id').where('merchant_user_id', '=', merchant.id).orderBy('id').execute();
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let index = 0; index < DEMO_CUSTOMER_COUNT; index++) {
      const first = FIRST[index % FIRST.length]!;
      const last = LAST[(index * 7) % LAST.length]!;
      const place = PLACES[index % PLACES.length]!;
      const createdAt = new Date(now - ((index * 37) % 60) * DAY_MS - index * 60_000);
      const cardCount = index % 6 === 5 ? 0 : (index % 3) + 1;
      const name = `${first} ${last}`;
      await addCustomer(trx, {
        merchantUserId: merchant.id,
        name,
        email: `${first}.${last}${index + 1}@example.com`.toLowerCase(),
        phone: `+97155${String(1_000_000 + index * 7_919).slice(-7)}`,
        country: place.country,
        city: place.city,
        channelId: channels.length > 0 ? channels[index % channels.length]!.id : null,
        transactionsCount: cardCount === 0 ? 1 : cardCount * 2 + (index % 4),
        createdAt,
        cards: Array.from({ length: cardCount }, (_, card) => ({
          cardHolderName: name.toUpperCase(),
          cardNumber: `${BINS[(index + card) % BINS.length]}******${String(1000 + ((index * 131 + card * 977) % 9000)).padStart(4, '0')}`,
          createdAt: new Date(createdAt.getTime() + card * DAY_MS),
        })),
      });
    }
  });
}
