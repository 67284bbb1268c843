// Withdrawals through the real app on both databases: the catalogue per currency; adding a
// method (each field's rule, required fields, unknown keys, another merchant's wallet) with the
// IBAN masked in every answer; a request holding the money at once (available -W, on hold +W,
// key withdrawal:<uuid>), never more than available, only with the merchant's own method of the
// wallet's currency, refused to an administrator logged in as the merchant; the list with its
// detail rows; the console's queue and decisions (paid with a reference: on hold -> payouts;
// rejected: back to available), each once, the merchant told (bell, e-mail). Another merchant's
// ids answer like unknown ones; staff without the feature are refused. Every scenario leaves the
// ledger's invariants true.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addNewWithdrawalCall,
  addWithdrawalMethodCall,
  adminGetWithdrawalsCall,
  adminProcessWithdrawalCall,
  deleteWithdrawalMethodCall,
  getAllWithdrawalMethodsCall,
  getAllWithdrawalsCall,
  getUserWithdrawalMethodsCall,
  type TUserWithdrawalMethod,
} from '@paywallet/contract';
import { countRows, createTestApp, fieldErrors, type TestApp } from '../../test/harness.ts';
import { countMoneyRows, expectLedgerInvariants, fundWallet } from '../../test/money.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { createTestAdmin, impersonate, type TestAdmin } from '../../test/admin.ts';

const IBAN = 'AE07 0331 2345 6789 0123 456';
const IBAN_ELECTRONIC = 'AE070331234567890123456';
const BIC = 'nbadaeaaxxx';

let t: TestApp;
let shop: TestMerchant;
let other: TestMerchant;
let admin: TestAdmin;
let currencies: Record<string, number>;
let bankTransferId: number;
let aedMethod: TUserWithdrawalMethod;

const methodTables = ['user_withdrawal_methods', 'audit_log'] as const;
const requestTables = [
  'withdrawal_requests',
  'withdrawal_request_details',
  'transactions',
  'ledger_entries',
  'audit_log',
  'notifications',
] as const;

async function buckets(walletId: bigint) {
  const row = await t.deps.db
    .selectFrom('wallet_balances as wallets')
    .select(['available_balance', 'balance_on_hold'])
    .where('id', '=', walletId)
    .executeTakeFirstOrThrow();
  return { available: row.available_balance, onHold: row.balance_on_hold };
}

async function payouts(currency: string): Promise<bigint> {
  const row = await t.deps.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.sum<bigint | null>('amount').as('total'))
    .where('system_account', '=', 'payouts')
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  return BigInt(row.total ?? 0);
}

const bankDetails = (overrides: Record<string, string> = {}) => ({
  'Account Name': 'Haddad Coffee LLC',
  IBAN,
  'SWIFT/BIC': BIC,
  ...overrides,
});

const addMethod = (body: Parameters<typeof t.call<typeof addWithdrawalMethodCall>>[1], token = shop.token) =>
  t.call(addWithdrawalMethodCall, body, { token });
const withdraw = (body: Parameters<typeof t.call<typeof addNewWithdrawalCall>>[1], token = shop.token) =>
  t.call(addNewWithdrawalCall, body, { token });
const decide = (body: Parameters<typeof t.call<typeof adminProcessWithdrawalCall>>[1]) =>
  t.call(adminProcessWithdrawalCall, body, { token: admin.token });

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  shop = await createTestMerchant(t, { currencies: ['AED', 'USD'], staff: [{ features: ['with-drawal'] }, { features: ['refund'] }] });
  other = await createTestMerchant(t);
  admin = await createTestAdmin(t);
  await fundWallet(t, shop.wallets.AED!, 100_000n, 'AED');
  await fundWallet(t, shop.wallets.USD!, 50_000n, 'USD');
  await fundWallet(t, other.wallets.AED!, 100_000n, 'AED');
  const rows = await t.deps.db.selectFrom('currencies').select(['id', 'code']).execute();
  currencies = Object.fromEntries(rows.map((row) => [row.code.trim(), row.id]));
  const bank = await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'BANK_TRANSFER').executeTakeFirstOrThrow();
  bankTransferId = bank.id;
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

describe('get-all-withdrawal-methods', () => {
  it('answers the bank transfer of every seeded currency with its three fields', async () => {
    for (const code of ['AED', 'USD', 'EUR', 'GBP', 'SAR']) {
      const answer = await t.call(getAllWithdrawalMethodsCall, { currencyId: currencies[code]! }, { token: shop.token });
      expect(answer.code, answer.message).toBe(200);
      expect(answer.data).toEqual([
        {
          id: bankTransferId,
          name: 'Bank Transfer',
          code: 'BANK_TRANSFER',
          withdrawal_fields: [
            { type: 'text', Name: 'Account Name', required: true, rule: 'text' },
            { type: 'text', Name: 'IBAN', required: true, rule: 'iban' },
            { type: 'text', Name: 'SWIFT/BIC', required: true, rule: 'bic' },
          ],
        },
      ]);
    }
    expect((await t.call(getAllWithdrawalMethodsCall, { currencyId: 32_000 }, { token: shop.token })).data).toEqual([]);
    expect((await t.post(getAllWithdrawalMethodsCall.path, {}, { token: shop.token })).reason).toBe('VALIDATION_FAILED');
  });
});

describe('add-withdrawal-method', () => {
  it('adds a bank method for a wallet: the IBAN kept in its electronic form, shown masked but for its last 4', async () => {
    const answer = await addMethod({ paymentMethodId: bankTransferId, userAccountId: Number(shop.wallets.AED), details: bankDetails() });
    expect(answer.code, answer.message).toBe(200);
    aedMethod = answer.data;
    expect(answer.data).toMatchObject({
      payment_method_id: bankTransferId,
      payment_method: { name: 'Bank Transfer' },
      user_id: Number(shop.id),
      user_account_id: Number(shop.wallets.AED),
      currency: { id: currencies.AED, code: 'AED' },
      details: { 'Account Name': 'Haddad Coffee LLC', IBAN: `${'*'.repeat(19)}3456`, 'SWIFT/BIC': 'NBADAEAAXXX' },
      status: 1,
    });
    expect(Object.keys(answer.data.details)).toEqual(['Account Name', 'IBAN', 'SWIFT/BIC']);
    const stored = await t.deps.db
      .selectFrom('user_withdrawal_methods')
      .select(['details', 'added_by'])
      .where('id', '=', BigInt(answer.data.id))
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      details: { 'Account Name': 'Haddad Coffee LLC', IBAN: IBAN_ELECTRONIC, 'SWIFT/BIC': 'NBADAEAAXXX' },
      added_by: shop.id,
    });
    const audited = await t.deps.db.selectFrom('audit_log').select('action').where('subject_id', '=', String(answer.data.id)).execute();
    expect(audited.map((row) => row.action)).toContain('withdrawal-method.add');
  });

  it('refuses by name, the field in the message, writing nothing', async () => {
    const before = await countRows(t, methodTables);
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [bankDetails({ 'Account Name': '  ' }), 'WITHDRAWAL_FIELD_REQUIRED', /Account Name field is required/],
      [{ 'Account Name': 'A', 'SWIFT/BIC': BIC }, 'WITHDRAWAL_FIELD_REQUIRED', /IBAN field is required/],
      [bankDetails({ IBAN: 'AE08 0331 2345 6789 0123 456' }), 'WITHDRAWAL_FIELD_INVALID', /IBAN is not valid: its check digits/],
      [bankDetails({ IBAN: 'AE07 0331 2345' }), 'WITHDRAWAL_FIELD_INVALID', /IBAN is not valid/],
      [bankDetails({ IBAN: 'ZZ07 0331 2345 6789 0123 456' }), 'WITHDRAWAL_FIELD_INVALID', /IBAN is not valid/],
      [bankDetails({ 'SWIFT/BIC': 'NBAD12' }), 'WITHDRAWAL_FIELD_INVALID', /SWIFT\/BIC is not valid/],
      [bankDetails({ Nickname: 'Main' }), 'WITHDRAWAL_FIELD_UNKNOWN', /Nickname field is not a field/],
    ];
    for (const [details, reason, message] of cases) {
      const answer = await addMethod({ paymentMethodId: bankTransferId, userAccountId: Number(shop.wallets.AED), details });
      expect([answer.code, answer.reason], JSON.stringify(details)).toEqual([422, reason]);
      expect(answer.message).toMatch(message);
      expect(Object.keys(fieldErrors(answer))[0]).toMatch(/^details\./);
    }
    const card = await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'CARD').executeTakeFirstOrThrow();
    expect((await addMethod({ paymentMethodId: card.id, userAccountId: Number(shop.wallets.AED), details: bankDetails() })).reason).toBe(
      'WITHDRAWAL_METHOD_NOT_OFFERED',
    );
    expect((await addMethod({ paymentMethodId: bankTransferId, details: 'x' as never })).reason).toBe('VALIDATION_FAILED');
    expect((await t.post(addWithdrawalMethodCall.path, { paymentMethodId: bankTransferId }, { token: shop.token })).reason).toBe(
      'VALIDATION_FAILED',
    );
    // Another merchant's wallet answers like an unknown one.
    const foreign = await addMethod({ paymentMethodId: bankTransferId, userAccountId: Number(other.wallets.AED), details: bankDetails() });
    const unknown = await addMethod({ paymentMethodId: bankTransferId, userAccountId: 999_999_999, details: bankDetails() });
    expect([foreign.reason, foreign.message]).toEqual([unknown.reason, unknown.message]);
    expect(foreign.reason).toBe('WALLET_NOT_FOUND');
    expect(await countRows(t, methodTables)).toEqual(before);
  });

  it('lists the merchant’s own methods only (get-user-withdrawal-methods, flag active), masked', async () => {
    const usd = await addMethod({ paymentMethodId: bankTransferId, userAccountId: Number(shop.wallets.USD), details: bankDetails() });
    expect(usd.data.currency).toEqual({ id: currencies.USD, code: 'USD' });
    const any = await addMethod({ paymentMethodId: bankTransferId, details: bankDetails({ 'Account Name': 'Any wallet' }) });
    expect(any.data).toMatchObject({ user_account_id: null, currency: null });
    const mine = await t.call(getUserWithdrawalMethodsCall, { flag: 'active' }, { token: shop.token });
    expect(mine.data.map((method) => method.id)).toEqual([any.data.id, usd.data.id, aedMethod.id]);
    expect(mine.data.every((method) => method.details.IBAN === `${'*'.repeat(19)}3456`)).toBe(true);
    expect((await t.call(getUserWithdrawalMethodsCall, {}, { token: other.token })).data).toEqual([]);
    // A staff member granted the feature acts for the merchant; one without it is refused.
    expect((await t.call(getUserWithdrawalMethodsCall, {}, { token: shop.staff[0]!.token })).data).toHaveLength(3);
    expect((await t.call(getUserWithdrawalMethodsCall, {}, { token: shop.staff[1]!.token })).reason).toBe('FEATURE_NOT_GRANTED');
  });
});

describe('add-new-withdrawal', () => {
  it('holds the amount at once (available -W, on hold +W) under the key withdrawal:<uuid>, Pending with its first detail row', async () => {
    const before = await buckets(shop.wallets.AED!);
    const answer = await withdraw({ amount: 25_000, userAccountId: Number(shop.wallets.AED), withdrawalMethodId: aedMethod.id });
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data).toMatchObject({
      amount: 25_000,
      status: 0,
      status_str: 'Pending',
      user_id: Number(shop.id),
      user_account_id: Number(shop.wallets.AED),
      currency: { code: 'AED' },
      reference_id: null,
      with_drawal_method: { id: aedMethod.id, payment_method: { name: 'Bank Transfer' }, details: { IBAN: `${'*'.repeat(19)}3456` } },
    });
    expect(answer.data.with_drawal_request_details).toEqual([
      expect.objectContaining({ status: 0, status_str: 'Pending', comments: null, source_reference_id: null }),
    ]);
    expect(await buckets(shop.wallets.AED!)).toEqual({ available: before.available - 25_000n, onHold: before.onHold + 25_000n });
    const posting = await t.deps.db
      .selectFrom('transactions')
      .select(['transaction_type_id', 'amount', 'posting_key', 'reference_id'])
      .where('posting_key', '=', `withdrawal:${answer.data.uuid}`)
      .executeTakeFirstOrThrow();
    expect(posting).toEqual({
      transaction_type_id: 2,
      amount: 25_000n,
      posting_key: `withdrawal:${answer.data.uuid}`,
      reference_id: answer.data.uuid,
    });
    await expectLedgerInvariants(t);
  });

  it('uses a method added for any wallet with a wallet of a currency that offers it; a staff member with the feature may ask', async () => {
    const any = (await t.call(getUserWithdrawalMethodsCall, {}, { token: shop.token })).data.find(
      (method) => method.user_account_id === null,
    )!;
    const byStaff = await withdraw(
      { amount: 1_000, userAccountId: Number(shop.wallets.USD), withdrawalMethodId: any.id },
      shop.staff[0]!.token,
    );
    expect(byStaff.code, byStaff.message).toBe(200);
    expect(byStaff.data).toMatchObject({ currency: { code: 'USD' }, user_id: Number(shop.id) });
  });

  it('refuses more than available, another merchant’s method or wallet, a method of another wallet, bad input: nothing written', async () => {
    const before = await countRows(t, requestTables);
    const money = await buckets(shop.wallets.AED!);
    const over = await withdraw({
      amount: Number(money.available) + 1,
      userAccountId: Number(shop.wallets.AED),
      withdrawalMethodId: aedMethod.id,
    });
    expect([over.code, over.reason]).toEqual([422, 'WITHDRAWAL_EXCEEDS_BALANCE']);
    expect(over.message).toBe(`The amount exceeds the available balance of AED ${(Number(money.available) / 100).toFixed(2)}.`);
    const usdMethod = (await t.call(getUserWithdrawalMethodsCall, {}, { token: shop.token })).data.find(
      (method) => method.currency?.code === 'USD',
    )!;
    expect((await withdraw({ amount: 100, userAccountId: Number(shop.wallets.AED), withdrawalMethodId: usdMethod.id })).reason).toBe(
      'WITHDRAWAL_METHOD_CURRENCY_MISMATCH',
    );
    const foreignMethod = await withdraw(
      { amount: 100, userAccountId: Number(other.wallets.AED), withdrawalMethodId: aedMethod.id },
      other.token,
    );
    const unknownMethod = await withdraw(
      { amount: 100, userAccountId: Number(other.wallets.AED), withdrawalMethodId: 999_999_999 },
      other.token,
    );
    expect([foreignMethod.reason, foreignMethod.message]).toEqual([unknownMethod.reason, unknownMethod.message]);
    expect(foreignMethod.reason).toBe('WITHDRAWAL_METHOD_NOT_FOUND');
    const foreignWallet = await withdraw({ amount: 100, userAccountId: Number(other.wallets.AED), withdrawalMethodId: aedMethod.id });
    expect(foreignWallet.reason).toBe('WALLET_NOT_FOUND');
    for (const amount of [0, -5, 'abc', 1.5]) {
      const bad = await t.post(
        addNewWithdrawalCall.path,
        { amount, userAccountId: Number(shop.wallets.AED), withdrawalMethodId: aedMethod.id },
        { token: shop.token },
      );
      expect(bad.reason, String(amount)).toBe('VALIDATION_FAILED');
    }
    expect((await t.post(addNewWithdrawalCall.path, {}, { token: shop.token })).data).toMatchObject({
      errors: { amount: 'The amount field is required' },
    });
    expect(await countRows(t, requestTables)).toEqual(before);
    expect(await buckets(shop.wallets.AED!)).toEqual(money);
  });

  it('refuses an administrator logged in as the merchant (DECISIONS 52) and a staff member without the feature', async () => {
    const before = await countMoneyRows(t);
    const token = await impersonate(t, admin, shop.id);
    const impersonated = await withdraw({ amount: 100, userAccountId: Number(shop.wallets.AED), withdrawalMethodId: aedMethod.id }, token);
    expect([impersonated.code, impersonated.reason]).toEqual([403, 'IMPERSONATION_CANNOT_MOVE_MONEY']);
    const staff = await withdraw(
      { amount: 100, userAccountId: Number(shop.wallets.AED), withdrawalMethodId: aedMethod.id },
      shop.staff[1]!.token,
    );
    expect(staff.reason).toBe('FEATURE_NOT_GRANTED');
    // The impersonation leaves only its audit row of the refused call, if any: no money row moved.
    const after = await countMoneyRows(t);
    expect({ ...after, audit_log: 0 }).toEqual({ ...before, audit_log: 0 });
  });
});

describe('get-all-withdrawals', () => {
  it('pages the merchant’s requests newest first with their detail rows; another merchant sees none of them', async () => {
    for (const amount of [100, 200, 300]) {
      expect((await withdraw({ amount, userAccountId: Number(shop.wallets.AED), withdrawalMethodId: aedMethod.id })).code).toBe(200);
    }
    const first = await t.call(getAllWithdrawalsCall, { page: 1, perPage: 2 }, { token: shop.token });
    expect(first.code, first.message).toBe(200);
    expect(first.data.data.map((row) => row.amount)).toEqual([300, 200]);
    expect(first.data.paginationData).toEqual({ total: 5, perPage: 2, currentPage: 1 });
    const second = await t.call(getAllWithdrawalsCall, { page: 2, perPage: 2 }, { token: shop.token });
    expect(second.data.data.map((row) => row.amount)).toEqual([100, 1_000]);
    const usdOnly = await t.call(getAllWithdrawalsCall, { userAccountId: Number(shop.wallets.USD) }, { token: shop.token });
    expect(usdOnly.data.data.map((row) => row.currency.code)).toEqual(['USD']);
    expect((await t.call(getAllWithdrawalsCall, {}, { token: other.token })).data.paginationData.total).toBe(0);
    expect((await t.call(getAllWithdrawalsCall, {}, { token: shop.staff[1]!.token })).reason).toBe('FEATURE_NOT_GRANTED');
  });
});

describe('the console', () => {
  async function pendingOf(amount: number, owner = shop) {
    const method = owner === shop ? aedMethod.id : (await t.call(getUserWithdrawalMethodsCall, {}, { token: owner.token })).data[0]!.id;
    const answer = await withdraw({ amount, userAccountId: Number(owner.wallets.AED), withdrawalMethodId: method }, owner.token);
    expect(answer.code, answer.message).toBe(200);
    return answer.data;
  }

  it('lists every merchant’s requests with the merchant, filtered by status, merchant and days; merchants are refused', async () => {
    expect(
      (await addMethod({ paymentMethodId: bankTransferId, userAccountId: Number(other.wallets.AED), details: bankDetails() }, other.token))
        .code,
    ).toBe(200);
    const theirs = await pendingOf(700, other);
    const all = await t.call(adminGetWithdrawalsCall, { status: 0, perPage: 500 }, { token: admin.token });
    expect(all.code, all.message).toBe(200);
    expect(all.data.data.every((row) => row.status === 0)).toBe(true);
    expect(all.data.data[0]).toMatchObject({ id: theirs.id, merchant: { id: Number(other.id), email: other.email } });
    const one = await t.call(adminGetWithdrawalsCall, { merchantId: Number(shop.id) }, { token: admin.token });
    expect(one.data.data.every((row) => row.merchant.id === Number(shop.id))).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await t.call(adminGetWithdrawalsCall, { fromDate: today, toDate: today }, { token: admin.token })).data.paginationData.total,
    ).toBe(all.data.paginationData.total);
    expect((await t.call(adminGetWithdrawalsCall, { toDate: '2020-01-01' }, { token: admin.token })).data.data).toEqual([]);
    // search: part of the merchant's business name or e-mail, case aside; the count follows it.
    for (const search of [other.email.toUpperCase().slice(0, 12), other.email.split('@')[0]!]) {
      const found = await t.call(adminGetWithdrawalsCall, { search }, { token: admin.token });
      expect(found.code, found.message).toBe(200);
      expect(new Set(found.data.data.map((row) => row.merchant.id))).toEqual(new Set([Number(other.id)]));
    }
    await t.deps.db.updateTable('users').set({ business_name: 'Haddad Coffee Roasters' }).where('id', '=', shop.id).execute();
    const byName = await t.call(adminGetWithdrawalsCall, { search: 'coffee roast', perPage: 500 }, { token: admin.token });
    expect(byName.data.data.length).toBeGreaterThan(0);
    expect(byName.data.data.every((row) => row.merchant.id === Number(shop.id))).toBe(true);
    expect(byName.data.paginationData.total).toBe(
      (await t.call(adminGetWithdrawalsCall, { merchantId: Number(shop.id) }, { token: admin.token })).data.paginationData.total,
    );
    // A LIKE wildcard is a plain character, not 'everything'.
    expect((await t.call(adminGetWithdrawalsCall, { search: '%' }, { token: admin.token })).data.data).toEqual([]);
    expect((await t.call(adminGetWithdrawalsCall, { search: 'x'.repeat(500) }, { token: admin.token })).reason).toBe('VALIDATION_FAILED');
    expect((await t.call(adminGetWithdrawalsCall, {}, { token: shop.token })).reason).toBe('AUDIENCE_NOT_ALLOWED');
  });

  it('pays with a reference (required): on hold -> payouts once, a detail row with the reference, the merchant told by bell and e-mail', async () => {
    await t.deps.db
      .insertInto('merchant_notification_settings')
      .values({ user_id: shop.id, email: null, phone_number: null, email_status: 1 })
      .execute();
    const request = await pendingOf(4_000);
    const noReference = await decide({ withdrawalId: request.id, status: 'paid' });
    expect([noReference.reason, noReference.data]).toEqual([
      'VALIDATION_FAILED',
      { errors: { referenceId: 'The reference id field is required' } },
    ]);
    const before = await buckets(shop.wallets.AED!);
    const payoutsBefore = await payouts('AED');
    const paid = await decide({ withdrawalId: request.id, status: 'paid', referenceId: 'BANK-REF-001', comment: 'Sent by SWIFT' });
    expect(paid.data).toEqual({ id: request.id, status: 1, status_str: 'Paid' });
    expect(await buckets(shop.wallets.AED!)).toEqual({ available: before.available, onHold: before.onHold - 4_000n });
    expect(await payouts('AED')).toBe(payoutsBefore + 4_000n);
    const row = (await t.call(getAllWithdrawalsCall, { perPage: 500 }, { token: shop.token })).data.data.find(
      (item) => item.id === request.id,
    )!;
    expect(row).toMatchObject({ status: 1, status_str: 'Paid', reference_id: 'BANK-REF-001' });
    expect(row.with_drawal_request_details.map((detail) => [detail.status_str, detail.comments, detail.source_reference_id])).toEqual([
      ['Pending', null, null],
      ['Paid', 'Sent by SWIFT', 'BANK-REF-001'],
    ]);
    const again = await decide({ withdrawalId: request.id, status: 'rejected', comment: 'Too late' });
    expect([again.reason, again.message]).toEqual([
      'WITHDRAWAL_NOT_PENDING',
      'This withdrawal is Paid: only a pending withdrawal can be processed.',
    ]);
    const notices = await t.deps.db
      .selectFrom('notifications')
      .select(['user_id', 'type', 'message'])
      .where('type', 'like', 'withdrawal-%')
      .execute();
    expect(notices).toEqual([
      {
        user_id: shop.id,
        type: 'withdrawal-paid',
        message: 'Your withdrawal of AED 40.00 was paid to your bank (reference BANK-REF-001).',
      },
      {
        user_id: shop.staff[0]!.id,
        type: 'withdrawal-paid',
        message: 'Your withdrawal of AED 40.00 was paid to your bank (reference BANK-REF-001).',
      },
    ]);
    const mail = await t.deps.db
      .selectFrom('outbox_emails')
      .select(['to_address', 'subject'])
      .where('subject', '=', 'Withdrawal paid')
      .execute();
    expect(mail).toEqual([{ to_address: shop.email, subject: 'Withdrawal paid' }]);
    const settled = await t.deps.db
      .selectFrom('transactions')
      .select('amount')
      .where('posting_key', '=', `withdrawal-paid:${request.uuid}`)
      .execute();
    expect(settled).toEqual([{ amount: 4_000n }]);
    await expectLedgerInvariants(t);
  });

  it('rejects with a comment (required): back to available, the merchant told why; two decisions at once settle once', async () => {
    const request = await pendingOf(3_000);
    expect((await decide({ withdrawalId: request.id, status: 'rejected' })).data).toEqual({
      errors: { comment: 'The comment field is required' },
    });
    expect(
      (await t.post(adminProcessWithdrawalCall.path, { withdrawalId: request.id, status: 'approved' }, { token: admin.token })).reason,
    ).toBe('VALIDATION_FAILED');
    const before = await buckets(shop.wallets.AED!);
    const [first, second] = await Promise.all([
      decide({ withdrawalId: request.id, status: 'rejected', comment: 'The account name does not match' }),
      decide({ withdrawalId: request.id, status: 'paid', referenceId: 'X-1' }),
    ]);
    const reasons = [first.reason, second.reason];
    expect(reasons.filter((reason) => reason === 'WITHDRAWAL_NOT_PENDING')).toHaveLength(1);
    const won = first.reason ? second : first;
    if (won.data.status === 2) {
      expect(await buckets(shop.wallets.AED!)).toEqual({ available: before.available + 3_000n, onHold: before.onHold - 3_000n });
      const notice = await t.deps.db
        .selectFrom('notifications')
        .select('message')
        .where('user_id', '=', shop.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(notice.message).toBe(
        'Your withdrawal of AED 30.00 was rejected: The account name does not match The amount is back in your available balance.',
      );
    } else {
      expect(await buckets(shop.wallets.AED!)).toEqual({ available: before.available, onHold: before.onHold - 3_000n });
    }
    const settled = await t.deps.db
      .selectFrom('transactions')
      .select('id')
      .where('posting_key', 'in', [`withdrawal-paid:${request.uuid}`, `withdrawal-rejected:${request.uuid}`])
      .execute();
    expect(settled).toHaveLength(1);
    await expectLedgerInvariants(t);
  });

  it('answers an unknown withdrawal by name, and refuses merchants the console’s decisions', async () => {
    expect((await decide({ withdrawalId: 999_999_999, status: 'rejected', comment: 'x' })).reason).toBe('WITHDRAWAL_NOT_FOUND');
    const request = await pendingOf(100);
    const refused = await t.call(
      adminProcessWithdrawalCall,
      { withdrawalId: request.id, status: 'paid', referenceId: 'R' },
      { token: shop.token },
    );
    expect(refused.reason).toBe('AUDIENCE_NOT_ALLOWED');
  });
});

describe('delete-withdrawal-method', () => {
  let owner: TestMerchant;
  const removeMethod = (methodId: number, token = owner.token) => t.call(deleteWithdrawalMethodCall, { methodId }, { token });
  const addFor = async (merchant: TestMerchant, accountName: string) => {
    const answer = await addMethod(
      {
        paymentMethodId: bankTransferId,
        userAccountId: Number(merchant.wallets.AED),
        details: bankDetails({ 'Account Name': accountName }),
      },
      merchant.token,
    );
    expect(answer.code, answer.message).toBe(200);
    return answer.data;
  };
  const storedStatus = async (id: number) =>
    (await t.deps.db.selectFrom('user_withdrawal_methods').select('status').where('id', '=', BigInt(id)).executeTakeFirst())?.status;

  beforeAll(async () => {
    owner = await createTestMerchant(t, { staff: [{ features: ['with-drawal'] }, { features: ['refund'] }] });
    await fundWallet(t, owner.wallets.AED!, 10_000n, 'AED');
  });

  it('deletes a method no request used, audited with the person who asked', async () => {
    const unused = await addFor(owner, 'Never used');
    const answer = await removeMethod(unused.id, owner.staff[0]!.token);
    expect([answer.code, answer.data, answer.message]).toEqual([
      200,
      { id: unused.id, outcome: 'deleted' },
      'The withdrawal method was deleted.',
    ]);
    expect(await storedStatus(unused.id)).toBeUndefined();
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'subject_type'])
      .where('action', '=', 'withdrawal-method.delete')
      .where('subject_id', '=', String(unused.id))
      .execute();
    expect(audit).toEqual([{ actor_user_id: owner.staff[0]!.id, subject_type: 'withdrawal_method' }]);
    expect((await removeMethod(unused.id)).reason).toBe('WITHDRAWAL_METHOD_NOT_FOUND');
  });

  it('refuses while a request is Pending, then disables a used method: past requests still show it, new ones cannot use it', async () => {
    const used = await addFor(owner, 'Used once');
    const wallet = Number(owner.wallets.AED);
    const request = await withdraw({ amount: 1_500, userAccountId: wallet, withdrawalMethodId: used.id }, owner.token);
    expect(request.code, request.message).toBe(200);
    const before = await countRows(t, methodTables);
    const refused = await removeMethod(used.id);
    expect([refused.code, refused.reason, refused.message]).toEqual([
      409,
      'WITHDRAWAL_METHOD_IN_USE',
      'This withdrawal method has a pending withdrawal request: it can be removed once the request is paid or rejected.',
    ]);
    expect(await countRows(t, methodTables)).toEqual(before);
    expect(await storedStatus(used.id)).toBe(1);

    expect((await decide({ withdrawalId: request.data.id, status: 'rejected', comment: 'Wrong account' })).code).toBe(200);
    const disabled = await removeMethod(used.id);
    expect([disabled.code, disabled.data]).toEqual([200, { id: used.id, outcome: 'disabled' }]);
    expect(disabled.message).toBe('The withdrawal method was disabled: past requests still show it, new requests cannot use it.');
    expect(await storedStatus(used.id)).toBe(0);
    // Not offered any more; listed with flag 'all' only.
    expect((await t.call(getUserWithdrawalMethodsCall, {}, { token: owner.token })).data.map((row) => row.id)).not.toContain(used.id);
    const all = await t.call(getUserWithdrawalMethodsCall, { flag: 'all' }, { token: owner.token });
    expect(all.data.find((row) => row.id === used.id)?.status).toBe(0);
    // The past request still names it.
    const past = (await t.call(getAllWithdrawalsCall, {}, { token: owner.token })).data.data.find((row) => row.id === request.data.id)!;
    expect(past.with_drawal_method).toMatchObject({ id: used.id, payment_method: { name: 'Bank Transfer' } });
    expect(past.with_drawal_method.details['Account Name']).toBe('Used once');
    const moneyBefore = await countMoneyRows(t);
    const again = await withdraw({ amount: 100, userAccountId: wallet, withdrawalMethodId: used.id }, owner.token);
    expect([again.code, again.reason]).toEqual([404, 'WITHDRAWAL_METHOD_NOT_FOUND']);
    expect(await countMoneyRows(t)).toEqual(moneyBefore);
    // Removing a disabled method again changes nothing and answers the same.
    expect((await removeMethod(used.id)).data).toEqual({ id: used.id, outcome: 'disabled' });
    await expectLedgerInvariants(t);
  });

  it("answers another merchant's method like an unknown one, refuses staff without the feature and bad input, changing nothing", async () => {
    const theirs = await addFor(other, 'Not yours');
    const mine = await addFor(owner, 'Mine');
    const before = await countRows(t, methodTables);
    const foreign = await removeMethod(theirs.id);
    const unknown = await removeMethod(999_999_999);
    expect([foreign.code, foreign.reason, foreign.message]).toEqual([unknown.code, unknown.reason, unknown.message]);
    expect([foreign.code, foreign.reason]).toEqual([404, 'WITHDRAWAL_METHOD_NOT_FOUND']);
    // The other way round too: the other merchant cannot remove this one's.
    expect((await removeMethod(mine.id, other.token)).reason).toBe('WITHDRAWAL_METHOD_NOT_FOUND');
    expect((await removeMethod(mine.id, owner.staff[1]!.token)).reason).toBe('FEATURE_NOT_GRANTED');
    expect((await removeMethod(mine.id, admin.token)).reason).toBe('AUDIENCE_NOT_ALLOWED');
    expect((await t.post(deleteWithdrawalMethodCall.path, { methodId: 'x' }, { token: owner.token })).reason).toBe('VALIDATION_FAILED');
    expect((await t.post(deleteWithdrawalMethodCall.path, {}, { token: owner.token })).reason).toBe('VALIDATION_FAILED');
    expect(await countRows(t, methodTables)).toEqual(before);
    expect([await storedStatus(theirs.id), await storedStatus(mine.id)]).toEqual([1, 1]);
  });
});
