// Demo payment links of the demo merchant, so the Payment Links screen has data on first start:
// an active multiple-use link without expiry, a single-use link that expires in a week, an
// inactive one, and one whose lifetime has run out. Each accepts the card schemes of the
// platform (VISA and MASTERCARD when seeded). The multiple-use link has one visit to its checkout
// on record (a customer who opened the page, filled in the details and left), so the attempts
// list and an attempt's log have something to show.
import { PAYMENT_LINK_STATUS, PAYMENT_LINK_TYPE } from '@paywallet/contract';
import type { Db } from '../db/database.ts';
import { logAttemptStep, openAttempt } from '../modules/merchant-payments/attempts.service.ts';
import { insertPaymentLink } from '../modules/payment-links/payment-links.service.ts';

const DAY_S = 86_400;

export async function insertDemoPaymentLinks(db: Db, merchantEmail: string, publicChannelCode: string): Promise<void> {
  const merchant = await db.selectFrom('users').select('id').where('email', '=', merchantEmail).executeTakeFirst();
  const channel = await db
    .selectFrom('channels')
    .select(['id', 'merchant_user_id'])
    .where('code', '=', publicChannelCode)
    .executeTakeFirst();
  const aed = await db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirst();
  if (!merchant || !channel || channel.merchant_user_id !== merchant.id || !aed) return;
  const schemes = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('code', 'in', ['VISA', 'MASTERCARD'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const schemeIds = schemes.map((scheme) => scheme.id);
  const now = Date.now();
  const links = [
    {
      amount: 15_000n,
      type: PAYMENT_LINK_TYPE.MULTIPLE,
      status: PAYMENT_LINK_STATUS.ACTIVE,
      exipresIn: null,
      description: 'Coffee subscription - monthly box',
      receiptNo: 'SUB-1001',
      ageS: 3 * DAY_S,
    },
    {
      amount: 4_250n,
      type: PAYMENT_LINK_TYPE.SINGLE,
      status: PAYMENT_LINK_STATUS.ACTIVE,
      exipresIn: 7 * DAY_S,
      description: 'Single bag of Ethiopian Yirgacheffe',
      receiptNo: 'ORD-2042',
      ageS: 3_600,
    },
    {
      amount: 9_900n,
      type: PAYMENT_LINK_TYPE.MULTIPLE,
      status: PAYMENT_LINK_STATUS.INACTIVE,
      exipresIn: null,
      description: 'Barista workshop (paused)',
      receiptNo: null,
      ageS: 10 * DAY_S,
    },
    {
      amount: 2_500n,
      type: PAYMENT_LINK_TYPE.SINGLE,
      status: PAYMENT_LINK_STATUS.ACTIVE,
      exipresIn: DAY_S,
      description: 'Holiday gift card offer',
      receiptNo: 'GIFT-77',
      ageS: 5 * DAY_S,
    },
  ];
  await db.transaction().execute(async (trx) => {
    for (const [index, link] of links.entries()) {
      const { id, token } = await insertPaymentLink(trx, {
        merchantUserId: merchant.id,
        channelId: channel.id,
        currencyId: aed.id,
        amount: link.amount,
        type: link.type,
        status: link.status,
        exipresIn: link.exipresIn,
        redirectUrl: 'https://haddad-coffee.example.com/thank-you',
        callbackUrl: null,
        receiptNo: link.receiptNo,
        email: null,
        phone: null,
        description: link.description,
        addedBy: merchant.id,
        schemeIds,
        createdAt: new Date(now - link.ageS * 1000),
      });
      if (index === 0) {
        const ip = '203.0.113.24';
        const { attemptId } = await openAttempt(trx, {
          merchantUserId: merchant.id,
          paymentLinkId: id,
          paymentToken: token,
          ip,
          message: 'Payment page opened',
          data: { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', language: 'en-AE' },
        });
        await logAttemptStep(trx, {
          attemptId,
          ip,
          message: 'Customer details entered',
          data: { name: 'Nour Aziz', country: 'United Arab Emirates' },
        });
        await logAttemptStep(trx, { attemptId, ip, message: 'Page closed before paying', data: { reason: 'abandoned' } });
      }
    }
  });
}
