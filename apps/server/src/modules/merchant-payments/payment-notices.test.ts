// The merchant hears about money in, through the real app on the real database: a payment
// through a link (pay-checkout), the merchant API and a POS device, a capture, a refund and a
// failed payment (declined, or its 3-D Secure left to expire) each write a notification in the
// payment's transaction, to the main account and to each Active staff member granted the door's
// feature or Transactions, never to the others (a staff member reads only their own); an
// authorisation and a void write none. The bell's call lists them, the live stream pushes them,
// and an e-mail goes to whoever switched e-mail on in their notification settings, to the
// address saved there or else their sign-in address. The file ends with the ledger's invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsCall, updateNotificationSettingsCall, USER_STATUS } from '@paywallet/contract';
import { createTestApp, listenOnLoopback, type TestApp } from '../../test/harness.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import { createTestMerchant, type TestMerchant, type TestStaff } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { openPaymentDoors, type PaymentDoors } from '../../test/payment-doors.ts';
import { openStream } from '../../test/event-stream.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { CHALLENGE_LIFE_S, expireStaleCardPayments } from '../gateway/card-payments.service.ts';

let t: TestApp;
let shop: TestMerchant;
let doors: PaymentDoors;
let base: string;
/** The staff members, by what they were granted. */
let staff: Record<'link' | 'api' | 'pos' | 'all' | 'none' | 'inactive', TestStaff>;

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  base = await listenOnLoopback(t);
  shop = await createTestMerchant(t, {
    staff: [
      { features: ['payment-link', 'app-setting'] },
      { features: ['api-payment'] },
      { features: ['pos-devices'] },
      { features: ['transactions', 'app-setting'] },
      { features: ['merchant-customers'] },
      { features: ['transactions'] },
    ],
  });
  const [link, api, pos, all, none, inactive] = shop.staff as [TestStaff, TestStaff, TestStaff, TestStaff, TestStaff, TestStaff];
  staff = { link, api, pos, all, none, inactive };
  await t.deps.db.updateTable('users').set({ status: USER_STATUS.INACTIVE }).where('id', '=', inactive.id).execute();
  await giveMerchantFees(t, shop.id);
  doors = await openPaymentDoors(t, shop);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

/** Who got a notification about the payment `uuid`, by name, and the messages the main account read. */
async function noticesOf(uuid: string) {
  const rows = await t.deps.db.selectFrom('notifications').select(['user_id', 'type', 'message', 'data']).orderBy('id').execute();
  const about = rows.filter((row) => (row.data as { transactionId?: string } | null)?.transactionId === uuid);
  const names = new Map<bigint, string>([[shop.id, 'main'], ...Object.entries(staff).map(([name, member]) => [member.id, name] as const)]);
  return {
    who: [...new Set(about.map((row) => names.get(row.user_id) ?? `user ${row.user_id}`))],
    main: about.filter((row) => row.user_id === shop.id).map((row) => ({ type: row.type, message: row.message })),
  };
}

describe('money in, per door', () => {
  it('a payment through a link tells the main account and the staff of payment links or transactions, no one else', async () => {
    const { payment } = await doors.link(SANDBOX_CARDS.approved);
    const notices = await noticesOf(payment.transactionId);
    expect(notices.who.sort()).toEqual(['all', 'link', 'main']);
    expect(notices.main).toEqual([{ type: 'merchant-payment-received', message: 'You received AED 100.00 through a payment link.' }]);
    // The bell: the staff member of links reads it, the one of the API does not.
    const bell = await t.call(notificationsCall, { perPage: 10 }, { token: staff.link.token });
    expect(bell.data.data.map((row) => row.message)).toContain('You received AED 100.00 through a payment link.');
    const other = await t.call(notificationsCall, { perPage: 10 }, { token: staff.api.token });
    expect(other.data.data.map((row) => row.message)).not.toContain('You received AED 100.00 through a payment link.');
  });

  it('a payment through the merchant API tells the main account and the staff of API payments or transactions', async () => {
    const created = await doors.api(SANDBOX_CARDS.approved);
    expect(created.status).toBe(201);
    const notices = await noticesOf(created.body.transactionId!);
    expect(notices.who.sort()).toEqual(['all', 'api', 'main']);
    expect(notices.main).toEqual([{ type: 'merchant-payment-received', message: 'You received AED 100.00 through the merchant API.' }]);
  });

  it('a sale on a POS device tells the main account and the staff of POS devices or transactions', async () => {
    const sale = await doors.pos(SANDBOX_CARDS.approved);
    expect(sale.status).toBe(200);
    const notices = await noticesOf(sale.body.transactionId as string);
    expect(notices.who.sort()).toEqual(['all', 'main', 'pos']);
    expect(notices.main).toEqual([{ type: 'merchant-payment-received', message: 'You received AED 100.00 through a POS device.' }]);
  });
});

describe('captures, refunds, failures', () => {
  it('tells of a capture for the amount captured and of a refund; an authorisation and a void tell nothing', async () => {
    const authorised = await doors.api(SANDBOX_CARDS.approved, { captureMethod: 'manual' });
    const uuid = authorised.body.transactionId!;
    expect((await noticesOf(uuid)).who).toEqual([]);
    await doors.apiCall(`/payments/${authorised.body.id}/capture`, { amount: 6_000 });
    await doors.apiCall(`/payments/${authorised.body.id}/refunds`, { amount: 1_000 });
    const notices = await noticesOf(uuid);
    expect(notices.who.sort()).toEqual(['all', 'api', 'main']);
    expect(notices.main).toEqual([
      { type: 'merchant-payment-received', message: 'You received AED 60.00 through the merchant API.' },
      { type: 'merchant-payment-refunded', message: 'You refunded AED 10.00 of a payment through the merchant API.' },
    ]);
    const voided = await doors.api(SANDBOX_CARDS.approved, { captureMethod: 'manual' });
    await doors.apiCall(`/payments/${voided.body.id}/void`);
    expect((await noticesOf(voided.body.transactionId!)).who).toEqual([]);
  });

  it('tells of a failed payment with its reason: a declined card, insufficient funds, a 3-D Secure check left to expire', async () => {
    const declined = await doors.link(SANDBOX_CARDS.declined);
    expect((await noticesOf(declined.payment.transactionId)).main).toEqual([
      { type: 'merchant-payment-failed', message: 'A payment of AED 100.00 through a payment link failed: The card was declined.' },
    ]);
    const poor = await doors.pos(SANDBOX_CARDS.insufficientFunds);
    const poorNotices = await noticesOf(poor.body.transactionId as string);
    expect(poorNotices.who.sort()).toEqual(['all', 'main', 'pos']);
    expect(poorNotices.main[0]!.message).toBe('A payment of AED 100.00 through a POS device failed: The card has insufficient funds.');
    const challenged = await doors.api(SANDBOX_CARDS.challenge);
    expect((await noticesOf(challenged.body.transactionId!)).who).toEqual([]);
    await expireStaleCardPayments(t.deps, new Date(Date.now() + (CHALLENGE_LIFE_S + 60) * 1000));
    expect((await noticesOf(challenged.body.transactionId!)).main).toEqual([
      {
        type: 'merchant-payment-failed',
        message: 'A payment of AED 100.00 through the merchant API failed: The 3-D Secure check was not completed within 15 minutes.',
      },
    ]);
  });
});

describe('a merchant with many staff', () => {
  it('tells every one of them granted the feature, past the rows one insert takes', async () => {
    // Proves the recipients are not cut at an insert's bound: 12 staff granted Transactions and
    // the main account make 13 notifications of one payment (NOTICES_PER_CALL_MAX is 10).
    const crowd = await createTestMerchant(t, { staff: Array.from({ length: 12 }, () => ({ features: ['transactions' as const] })) });
    await giveMerchantFees(t, crowd.id);
    const crowdDoors = await openPaymentDoors(t, crowd);
    const created = await crowdDoors.api(SANDBOX_CARDS.approved);
    expect(created.status).toBe(201);
    const told = await t.deps.db
      .selectFrom('notifications')
      .select('user_id')
      .where('type', '=', 'merchant-payment-received')
      .where('user_id', 'in', [crowd.id, ...crowd.staff.map((member) => member.id)])
      .execute();
    expect(told.map((row) => row.user_id).sort()).toEqual([crowd.id, ...crowd.staff.map((member) => member.id)].sort());
  });
});

describe('e-mail and live push', () => {
  it("e-mails whoever switched e-mail on, to the settings' address or else the sign-in one, and no one else", async () => {
    const save = async (token: string, email: string, emailStatus: 0 | 1) => {
      const saved = await t.call(updateNotificationSettingsCall, { email, phoneNumber: '', smsStatus: 1, emailStatus }, { token });
      expect(saved.status, saved.message).toBe(200);
    };
    await save(shop.token, 'alerts@shop.example', 1);
    await save(staff.all.token, '', 1);
    await save(staff.link.token, 'link-alerts@shop.example', 0);
    const { payment } = await doors.link(SANDBOX_CARDS.approved);
    const mails = await t.deps.db
      .selectFrom('outbox_emails')
      .select(['to_address', 'subject', 'text_body'])
      .where('text_body', 'like', `%${payment.transactionId}%`)
      .orderBy('id')
      .execute();
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(['alerts@shop.example', staff.all.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe('Payment received');
      expect(mail.text_body).toContain('You received AED 100.00 through a payment link.');
    }
  });

  it('pushes the notification to the open streams of those who may see it', async () => {
    const main = await openStream(`${base}/api/events`, { accesstoken: shop.token });
    const pos = await openStream(`${base}/api/events`, { accesstoken: staff.pos.token });
    try {
      await main.waitFor('ready');
      await pos.waitFor('ready');
      await doors.api(SANDBOX_CARDS.approved);
      const pushed = JSON.parse((await main.waitFor('notification')).data) as { type: string; message: string };
      expect(pushed).toMatchObject({ type: 'merchant-payment-received', message: 'You received AED 100.00 through the merchant API.' });
      // The POS staff member's first notification is the sale that follows: the API payment never reached them.
      await doors.pos(SANDBOX_CARDS.approved);
      const first = JSON.parse((await pos.waitFor('notification')).data) as { message: string };
      expect(first.message).toBe('You received AED 100.00 through a POS device.');
    } finally {
      main.close();
      pos.close();
    }
  });
});
