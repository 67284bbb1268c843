// The registry of notification types and the one notify every module sends through, on the
// real database: what a row holds, that it commits or rolls back with the change, and that
// nothing outside the registry (or data that does not fit its type) is ever written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countRows, createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestPerson, type TestPerson } from '../../test/money.ts';
import { defineNotificationType, registeredNotificationTypeNames, type NotificationType } from './notification-types.ts';
import { notice, notify, notifyEach } from './notifications.service.ts';
import { DEPOSIT_FAILED, DEPOSIT_SUCCEEDED } from '../gateway/gateway.notifications.ts';
import { MONEY_RECEIVED, MONEY_SENT } from '../transfers/transfers.notifications.ts';

let t: TestApp;
let who: TestPerson;

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  who = await createTestPerson(t, { firstName: 'Nadia', lastName: 'Kassem' });
});

afterAll(async () => {
  await t?.close();
});

async function noticesOf(userId: bigint) {
  return t.deps.db.selectFrom('notifications').select(['type', 'message', 'data']).where('user_id', '=', userId).orderBy('id').execute();
}

const deposit = { transactionId: 'b7c3a0de-0000-4000-8000-000000000001', amount: 12_345, currency: 'AED', decimals: 2 };

describe('the registry of notification types', () => {
  it('holds the types the modules define, each once', () => {
    // Proves that the transfers and gateway modules extend the one registry with their types.
    expect(registeredNotificationTypeNames()).toEqual(
      expect.arrayContaining([
        'deposit-failed',
        'deposit-succeeded',
        'money-received',
        'money-request-canceled',
        'money-request-paid',
        'money-request-received',
        'money-request-rejected',
        'money-sent',
      ]),
    );
  });

  it('refuses a second type of the same name and a name that is not kebab-case', () => {
    // Proves two modules cannot claim one type name, so a row's type always names one definition.
    const data = z.object({ note: z.string() });
    expect(() => defineNotificationType({ name: 'money-sent', data, message: (d) => d.note })).toThrow(/defined twice/);
    expect(() => defineNotificationType({ name: 'Money Sent', data, message: (d) => d.note })).toThrow(/kebab-case/);
  });
});

describe('notify', () => {
  it('writes the message its type reads from the data, and keeps the data', async () => {
    // Proves the row: the type's name, the message written from the data alone, the data as given.
    await t.deps.db.transaction().execute((trx) => notify(trx, who.id, DEPOSIT_SUCCEEDED, deposit));
    await t.deps.db
      .transaction()
      .execute((trx) =>
        notifyEach(trx, [
          notice(who.id, DEPOSIT_FAILED, { ...deposit, reason: 'Your card was declined.' }),
          notice(who.id, MONEY_SENT, { ...deposit, requestId: null, payeeName: 'Omar Said' }),
        ]),
      );
    expect(await noticesOf(who.id)).toEqual([
      { type: 'deposit-succeeded', message: 'Your deposit of AED 123.45 was added to your wallet.', data: deposit },
      {
        type: 'deposit-failed',
        message: 'Your deposit of AED 123.45 did not go through: Your card was declined.',
        data: { ...deposit, reason: 'Your card was declined.' },
      },
      { type: 'money-sent', message: 'You sent AED 123.45 to Omar Said.', data: { ...deposit, requestId: null, payeeName: 'Omar Said' } },
    ]);
  });

  it('leaves nothing when the change it tells about rolls back', async () => {
    // Proves a notification commits with its change or not at all.
    const other = await createTestPerson(t);
    const failed = t.deps.db.transaction().execute(async (trx) => {
      await notify(trx, other.id, MONEY_RECEIVED, { ...deposit, requestId: null, payerName: 'Nadia Kassem' });
      throw new Error('the change failed');
    });
    await expect(failed).rejects.toThrow('the change failed');
    expect(await noticesOf(other.id)).toEqual([]);
  });

  it('refuses data that does not fit its type, and a type outside the registry, writing nothing', async () => {
    // Proves that only registered types with well-formed data reach the table.
    const before = await countRows(t, ['notifications']);
    // A caller that gets around the types (data from JSON, say) is still refused at run time.
    const missingName = { ...deposit, requestId: null } as unknown as z.output<typeof MONEY_SENT.data>;
    await expect(t.deps.db.transaction().execute((trx) => notify(trx, who.id, MONEY_SENT, missingName))).rejects.toThrow(
      /does not fit its type/,
    );
    const lookAlike: NotificationType<typeof deposit> = {
      name: 'deposit-succeeded',
      data: DEPOSIT_SUCCEEDED.data,
      message: () => 'forged',
    };
    await expect(t.deps.db.transaction().execute((trx) => notify(trx, who.id, lookAlike, deposit))).rejects.toThrow(/not in the registry/);
    const tooLong = { ...deposit, reason: 'x'.repeat(600) };
    await expect(t.deps.db.transaction().execute((trx) => notify(trx, who.id, DEPOSIT_FAILED, tooLong))).rejects.toThrow(
      /1\.\.500 characters/,
    );
    expect(await countRows(t, ['notifications'])).toEqual(before);
  });
});
