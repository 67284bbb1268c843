// The transaction wire names of spec 2 section 3 (DECISIONS 34) on real payments made through
// the checkout and the POS door: the details of a card payment by a customer who is not a wallet
// (customer, card holder, acquiring, schema, gateway reference, charges_transactions), the
// failure reason of a declined payment, and that a failed payment carries fee 0 and VAT 0 on
// every reading (get-transactions, its export row, the link callback and the POS webhook body).
// Also the customer e-mail filter and its message, the transaction-types call, and that another
// merchant's transaction answers as an unknown one.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateReportCall,
  getReportCall,
  getTransactionsCall,
  transactionTypesCall,
  ZTransactionDetail,
  type TTransactionDetail,
} from '@paywallet/contract';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { countRows, createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import {
  countMoneyRows,
  createTestPerson,
  expectLedgerInvariants,
  fundWallet,
  transactionsPage,
  type TestPerson,
} from '../../test/money.ts';
import { openPaymentDoors, type PaymentDoors } from '../../test/payment-doors.ts';
import { updateMerchantAppSettingsCall } from '@paywallet/contract';

let t: TestApp;
let shop: TestMerchant;
let rival: TestMerchant;
let consumer: TestPerson;
let doors: PaymentDoors;
const uuidOf = {} as Record<'paid' | 'declined' | 'posDeclined' | 'rivalPaid', string>;

beforeAll(async () => {
  t = await createTestApp();
  const stores = [{ terminals: [{ channels: [{ type: 'online' as const }, { type: 'pos' as const }] }] }];
  shop = await createTestMerchant(t, { stores, staff: [{ features: ['transactions'] }, { features: ['payment-link'] }] });
  rival = await createTestMerchant(t, { stores });
  consumer = await createTestPerson(t);
  await giveMerchantFees(t, shop.id);
  await giveMerchantFees(t, rival.id);
  const hook = await t.call(
    updateMerchantAppSettingsCall,
    { type: 'webhook', webhookUrl: 'https://shop.example.com/pos-hook' },
    { token: shop.token },
  );
  expect(hook.status, hook.message).toBe(200);
  doors = await openPaymentDoors(t, shop);
  uuidOf.paid = (await doors.link(SANDBOX_CARDS.approved)).payment.transactionId!;
  const page = await doors.openLink();
  const declined = await doors.payLink(page, SANDBOX_CARDS.declined);
  uuidOf.declined = (declined.data as { transactionId: string }).transactionId;
  const sale = await doors.pos(SANDBOX_CARDS.declined);
  uuidOf.posDeclined = String(sale.body['transactionId']);
  const rivalDoors = await openPaymentDoors(t, rival);
  uuidOf.rivalPaid = (await rivalDoors.link(SANDBOX_CARDS.approved)).payment.transactionId!;
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

async function detail(token: string, transactionId: string): Promise<TTransactionDetail> {
  const answer = await t.call(getTransactionsCall, { transactionDetail: 1, transactionId }, { token });
  expect(answer.status, answer.message).toBe(200);
  return ZTransactionDetail.parse((answer.data as { detail: unknown }).detail);
}

async function listed(token: string, filters: Record<string, unknown>): Promise<string[]> {
  const answer = await t.call(getTransactionsCall, { perPage: 500, ...filters }, { token });
  expect(answer.status, answer.message).toBe(200);
  return transactionsPage(answer).data.map((row) => row.uuid);
}

async function writableRows() {
  return { ...(await countMoneyRows(t)), ...(await countRows(t, ['audit_log'])) };
}

describe('transaction details under the spec’s wire names', () => {
  it('shows a card payment by a customer who is not a wallet with every field', async () => {
    // Proves customer{email,name,phone}, card_holder_name, masked card_number, aquiring, schema,
    // gateway_reference_id, failureReason null and the fee and VAT as charges_transactions.
    const paid = await detail(shop.token, uuidOf.paid);
    expect(paid).toMatchObject({
      uuid: uuidOf.paid,
      status: 1,
      transaction_type_id: 8,
      sender: null,
      sender_user_id: null,
      receiver_user_id: Number(shop.id),
      customer: { name: 'Layla Haddad', email: 'layla@example.com', phone: null },
      card_holder_name: 'Layla Haddad',
      card_number: expect.stringMatching(/^424242\*+4242$/),
      aquiring: { name: 'Sandbox Acquirer', code: 'SANDBOX' },
      schema: { name: expect.any(String), code: 'VISA' },
      gateway_reference_id: expect.stringMatching(/^sbx_/),
      failureReason: null,
      // The sandbox acquirer's approval code of the authorisation, as stored on the transaction.
      approval_code: expect.stringMatching(/^[A-Z0-9]{6}$/),
      refunded_transaction: null,
    });
    const stored = await t.deps.db
      .selectFrom('transactions')
      .select('approval_code')
      .where('uuid', '=', uuidOf.paid)
      .executeTakeFirstOrThrow();
    expect(paid.approval_code).toBe(stored.approval_code);
    expect(paid.fee).toBeGreaterThan(0);
    expect(paid.charges_transactions.map((charge) => [charge.type, charge.charges, charge.receiver_account_title])).toEqual([
      ['fee', paid.fee, 'Fees'],
      ['vat', paid.vat, 'VAT'],
    ]);
    // The merchant (the payment's receiver) pays the charges of a card payment.
    expect(paid.charges_transactions.every((charge) => charge.sender_user_id === Number(shop.id))).toBe(true);
    // The list row carries the same names.
    const answer = await t.call(getTransactionsCall, { transactionId: uuidOf.paid }, { token: shop.token });
    const row = transactionsPage(answer).data[0]!;
    expect(row.customer).toEqual(paid.customer);
    expect(row.charges_transactions).toEqual(paid.charges_transactions);
  });

  it('gives a declined payment its failureReason, and fee 0 and VAT 0', async () => {
    // Proves the failed row is written without charges: nothing moved, so nothing was charged.
    const declined = await detail(shop.token, uuidOf.declined);
    expect(declined).toMatchObject({
      status: 2,
      failureReason: { reason: 'The card was declined.' },
      approval_code: null,
      fee: 0,
      vat: 0,
      charges_transactions: [],
      customer: { name: 'Layla Haddad', email: 'layla@example.com' },
    });
    expect(declined.total_amount).toBe(declined.amount);
    const pos = await detail(shop.token, uuidOf.posDeclined);
    expect(pos).toMatchObject({ status: 2, fee: 0, vat: 0, failureReason: { reason: expect.any(String) }, approval_code: null });
    const stored = await t.deps.db
      .selectFrom('merchant_payments')
      .innerJoin('transactions', 'transactions.id', 'merchant_payments.transaction_id')
      .select(['merchant_payments.fee', 'merchant_payments.vat'])
      .where('transactions.uuid', 'in', [uuidOf.declined, uuidOf.posDeclined])
      .execute();
    expect(stored).toEqual([
      { fee: 0n, vat: 0n },
      { fee: 0n, vat: 0n },
    ]);
  });

  it('gives a movement that is no card payment no acquirer and no approval code', async () => {
    // Proves approval_code and aquiring are null where no card was authorised (a wallet top-up).
    await fundWallet(t, consumer.wallets.AED!, 5_000, 'AED');
    const [uuid] = await listed(consumer.token, {});
    expect(await detail(consumer.token, uuid!)).toMatchObject({ card_number: null, aquiring: null, approval_code: null });
  });

  it('sends fee 0 and VAT 0 for a failed payment in the link callback and the POS webhook', async () => {
    // Proves the bodies the merchant's servers receive read the same stored values.
    const bodies = await sql<{ event_type: string; body: Record<string, unknown> }>`
      SELECT event_type, body FROM webhook_events
       WHERE merchant_user_id = ${shop.id}
         AND (body->'data'->>'transactionId' = ${uuidOf.declined} OR body->>'transactionId' = ${uuidOf.posDeclined})
       ORDER BY id`.execute(t.deps.db);
    expect(bodies.rows).toHaveLength(2);
    const [callback, webhook] = bodies.rows.map((row) => (typeof row.body === 'string' ? JSON.parse(row.body) : row.body));
    expect(callback.data).toMatchObject({ transactionId: uuidOf.declined, status: 'failed', fee: 0, vat: 0 });
    expect(webhook).toMatchObject({
      transactionId: uuidOf.posDeclined,
      transactionStatus: 'FAILED',
      feesAmount: { value: 0 },
      vatAmount: { value: 0 },
    });
  });

  it('writes the failed payment’s fee 0 and VAT 0 in the export, as the Failure tab lists it', async () => {
    // Proves the export row equals the list row: same rows, same money, for the tab's status.
    const runner = new JobRunner(t.deps, { pollIntervalMs: 20 });
    const failureTab = await listed(shop.token, { status: 2 });
    expect(failureTab).toEqual([uuidOf.posDeclined, uuidOf.declined]);
    const generated = await t.call(generateReportCall, { reportType: 'transaction', exportAs: 'excel', status: 2 }, { token: shop.token });
    expect(generated.code, generated.message).toBe(200);
    await runner.drain();
    const report = await t.call(getReportCall, { reportId: generated.data.reportId }, { token: shop.token });
    expect(report.data.status).toBe('ready');
    const file = await t.app.inject({ method: 'GET', url: report.data.downloadUrl!, headers: { accesstoken: shop.token } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows[0]!;
    const body = rows.slice(1, 1 + failureTab.length);
    expect(body.map((cells) => cells[0])).toEqual(failureTab);
    for (const cells of body) {
      expect(Number(cells[header.indexOf('Fee')])).toBe(0);
      expect(Number(cells[header.indexOf('VAT')])).toBe(0);
      expect(cells[header.indexOf('Customer Email')]).toBe(cells === body[1] ? 'layla@example.com' : undefined);
    }
  });

  it('answers another merchant’s transaction exactly as an unknown one, writing nothing', async () => {
    const before = await writableRows();
    const foreign = await t.call(getTransactionsCall, { transactionDetail: 1, transactionId: uuidOf.rivalPaid }, { token: shop.token });
    const unknown = await t.call(
      getTransactionsCall,
      { transactionDetail: 1, transactionId: '00000000-0000-4000-8000-000000000000' },
      { token: shop.token },
    );
    expect({ status: foreign.status, reason: foreign.reason, message: foreign.message, data: foreign.data }).toEqual({
      status: 404,
      reason: 'TRANSACTION_NOT_FOUND',
      message: 'Transaction not found.',
      data: null,
    });
    expect({ status: unknown.status, reason: unknown.reason, message: unknown.message, data: unknown.data }).toEqual({
      status: 404,
      reason: 'TRANSACTION_NOT_FOUND',
      message: 'Transaction not found.',
      data: null,
    });
    expect(await writableRows()).toEqual(before);
  });
});

describe('the customer e-mail filter', () => {
  it('finds the payments of the merchant’s customer with that e-mail, in any case', async () => {
    // Proves the filter selects by the payer who was not a wallet, and leaves out everything else.
    expect(await listed(shop.token, { customerEmail: 'Layla@Example.com' })).toEqual([uuidOf.declined, uuidOf.paid]);
    expect(await listed(shop.token, { customerEmail: 'layla@example.com', status: 1 })).toEqual([uuidOf.paid]);
    expect(await listed(shop.token, { customerEmail: 'nobody@example.com' })).toEqual([]);
    // The rival's customer has the same e-mail: the shop never sees the rival's payment.
    expect(await listed(rival.token, { customerEmail: 'layla@example.com' })).toEqual([uuidOf.rivalPaid]);
    expect(await listed(shop.token, { customerEmail: '' })).toContain(uuidOf.posDeclined);
  });

  it("refuses an invalid e-mail with 'Please enter a valid email address', writing nothing", async () => {
    const before = await writableRows();
    for (const customerEmail of ['layla', 'layla@', 'a b@example.com']) {
      const answer = await t.post('get-transactions', { customerEmail }, { token: shop.token });
      expect({ status: answer.status, reason: answer.reason, message: answer.message }).toEqual({
        status: 400,
        reason: 'VALIDATION_FAILED',
        message: 'Please enter a valid email address',
      });
    }
    expect(await writableRows()).toEqual(before);
  });
});

describe('transaction-types', () => {
  it('lists every type with its id and name, for merchants, consumers and staff granted transactions', async () => {
    const answer = await t.call(transactionTypesCall, {}, { token: shop.token });
    expect(answer.status).toBe(200);
    expect(answer.data.map((type) => type.id)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(answer.data.find((type) => type.id === 6)).toEqual({ id: 6, name: 'Refund' });
    expect((await t.call(transactionTypesCall, {}, { token: consumer.token })).data).toEqual(answer.data);
    expect((await t.call(transactionTypesCall, {}, { token: shop.staff[0]!.token })).data).toEqual(answer.data);
  });

  it('refuses staff without the transactions feature, and a caller without a session', async () => {
    const refused = await t.call(transactionTypesCall, {}, { token: shop.staff[1]!.token });
    expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 403, reason: 'FEATURE_NOT_GRANTED' });
    const anonymous = await t.call(transactionTypesCall, {});
    expect(anonymous.status).toBe(401);
  });
});
