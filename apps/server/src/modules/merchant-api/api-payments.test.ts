// get-api-payments (spec 2, Api Payment) on the real database: the merchant's API payments
// newest first with status and status_str (Initiated, Paid, Expired, Failed), the hosted
// payment's token, expiry and page, the schemes, who added it and its transactions; the filters
// (store scope, transaction id, transaction type, account); another merchant's payments and ids
// are never reached; a staff member needs the api-payment feature. Ends with the ledger's invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCreatePaymentCall, getApiPaymentsCall, type TApiPaymentRow } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import { createTestMerchant, createTestStaff, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { createPayment } from './merchant-api.service.ts';
import { AuditTrail } from '../../transport/audit-trail.ts';
import { MERCHANT_API_DOOR } from '../../transport/doors.ts';
import { apiKeyScope } from '../../transport/scope.ts';
import { recordAudits } from '../audit/audit.service.ts';
import type { TCreatePaymentRequest, TPayment, TApiError } from '@paywallet/contract';

const FUTURE_YEAR = new Date().getUTCFullYear() + 3;
let t: TestApp;
let merchant: TestMerchant;
let rival: TestMerchant;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://pay.example.test' });
  merchant = await createTestMerchant(t, {
    currencies: ['AED', 'USD'],
    stores: [{ terminals: [{ channels: [{ type: 'online' }] }] }, { terminals: [{ channels: [{ type: 'online' }] }] }],
  });
  rival = await createTestMerchant(t);
  await giveMerchantFees(t, merchant.id);
  await giveMerchantFees(t, rival.id);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t?.close();
});

const channelOf = (m: TestMerchant, store: number) => m.stores[store]!.terminals[0]!.channels[0]!.id;

async function create(who: TestMerchant, input: Partial<TCreatePaymentRequest>) {
  const client = { merchantUserId: who.id, clientId: 'test-client' };
  const audit = new AuditTrail(recordAudits, apiCreatePaymentCall, apiKeyScope(client), { ip: '10.0.0.9' });
  const answer = await createPayment(
    t.deps,
    audit,
    client,
    { amount: 1_000, currency: 'AED', captureMethod: 'automatic', ...input },
    '10.0.0.9',
  );
  // The body the door sends: the payment, or the refusal it keeps (a declined card, with its payment).
  return ('refused' in answer ? MERCHANT_API_DOOR.refusal(answer.refused, true).body : answer.data) as TPayment & TApiError;
}

const card = (number: string) => ({ holderName: 'Ada L', number, expMonth: 1, expYear: FUTURE_YEAR, cvc: '123' });

describe('get-api-payments', () => {
  let paid: TPayment;
  let hosted: TPayment;
  let failed: TPayment & TApiError;
  let usd: TPayment;

  beforeAll(async () => {
    paid = await create(merchant, {
      card: card(SANDBOX_CARDS.approved),
      channelId: String(channelOf(merchant, 0)),
      clientReference: 'ref-paid',
    });
    hosted = await create(merchant, { channelId: String(channelOf(merchant, 1)), expiresIn: 3600, description: 'hosted one' });
    failed = await create(merchant, { card: card(SANDBOX_CARDS.declined), channelId: String(channelOf(merchant, 0)) });
    usd = await create(merchant, { currency: 'USD', card: card(SANDBOX_CARDS.approved), channelId: String(channelOf(merchant, 0)) });
    await create(rival, { card: card(SANDBOX_CARDS.approved) });
  });

  const list = async (filters: Record<string, unknown> = {}, token = merchant.token) =>
    t.call(getApiPaymentsCall, { perPage: 50, ...filters }, { token });
  const uuids = (rows: TApiPaymentRow[]) => rows.map((row) => row.uuid);

  it('lists the merchant API payments newest first, each with its state and transactions', async () => {
    const answer = await list();
    expect(answer.code).toBe(200);
    expect(uuids(answer.data.data)).toEqual([usd.id, failed.payment!.id, hosted.id, paid.id]);
    expect(answer.data.paginationData.total).toBe(4);
    const byUuid = new Map(answer.data.data.map((row) => [row.uuid, row]));
    expect(byUuid.get(paid.id)).toMatchObject({
      mode: 'card',
      token: null,
      status: 2,
      status_str: 'Paid',
      payment_status: 'succeeded',
      exipres_in: null,
      amount: 1_000,
      currency: { code: 'AED' },
      client_reference: 'ref-paid',
      added_by_user: { first_name: 'Merchant' },
      payment_url: null,
      transactions: [{ uuid: paid.transactionId, amount: 1_000, status: 1, failureReason: null }],
    });
    expect(byUuid.get(paid.id)!.schemas.map((s) => s.name)).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(byUuid.get(paid.id)!.transactions[0]!.card_number).toMatch(/^424242\*+4242$|^424242.*4242$/);
    expect(byUuid.get(hosted.id)).toMatchObject({
      mode: 'hosted',
      status: 1,
      status_str: 'Initiated',
      payment_status: 'requires_action',
      exipres_in: 3600,
      description: 'hosted one',
      transactions: [],
    });
    expect(byUuid.get(hosted.id)!.payment_url).toBe(hosted.nextAction!.redirectUrl);
    expect(byUuid.get(hosted.id)!.token).toBe(hosted.nextAction!.redirectUrl.split('/').pop());
    expect(byUuid.get(failed.payment!.id)).toMatchObject({
      status: 4,
      status_str: 'Failed',
      payment_status: 'failed',
      // The transaction's own spelling of its failure reason (DECISIONS 34), as get-transactions answers it.
      transactions: [{ status: 2, failureReason: { reason: 'The card was declined.' } }],
    });
  });

  it('shows an Initiated hosted payment past its expiry as Expired', async () => {
    const stale = await create(merchant, { expiresIn: 60 });
    await t.deps.db
      .updateTable('api_payments')
      .set((eb) => ({ created_at: eb.val(new Date(Date.now() - 3_600_000)) }))
      .where('uuid', '=', stale.id)
      .execute();
    const row = (await list()).data.data.find((r) => r.uuid === stale.id)!;
    expect(row).toMatchObject({ status: 3, status_str: 'Expired', payment_status: 'expired' });
  });

  it('filters by store scope, transaction id, transaction type and account', async () => {
    expect(uuids((await list({ storeId: Number(merchant.stores[1]!.id) })).data.data)).toEqual([hosted.id]);
    expect(uuids((await list({ channelId: Number(channelOf(merchant, 1)) })).data.data)).toEqual([hosted.id]);
    expect(uuids((await list({ transactionId: paid.transactionId! })).data.data)).toEqual([paid.id]);
    expect(uuids((await list({ transactionId: paid.transactionId!.slice(0, 8) })).data.data)).toEqual([paid.id]);
    expect(uuids((await list({ transactionId: hosted.id })).data.data)).toEqual([hosted.id]);
    expect((await list({ transactionTypeId: 9 })).data.data.length).toBeGreaterThanOrEqual(4);
    expect((await list({ transactionTypeId: 8 })).data.data).toEqual([]);
    expect(uuids((await list({ userAccountId: Number(merchant.wallets.USD) })).data.data)).toEqual([usd.id]);
  });

  it("never reaches another merchant's payments or ids", async () => {
    const rivals = await list({}, rival.token);
    expect(rivals.data.data).toHaveLength(1);
    expect(uuids(rivals.data.data)).not.toContain(paid.id);
    expect((await list({ transactionId: paid.transactionId! }, rival.token)).data.data).toEqual([]);
    const wallet = await list({ userAccountId: Number(merchant.wallets.AED) }, rival.token);
    expect(wallet.code).toBe(404);
    expect(wallet.reason).toBe('WALLET_NOT_FOUND');
    const store = await list({ storeId: Number(merchant.stores[0]!.id) }, rival.token);
    expect(store.code).toBe(404);
    expect(store.reason).toBe('STORE_NOT_FOUND');
  });

  it('is open to staff granted api-payment only', async () => {
    const granted = await createTestStaff(t, merchant.id, ['api-payment']);
    const answer = await list({}, granted.token);
    expect(answer.code).toBe(200);
    expect(answer.data.paginationData.total).toBeGreaterThanOrEqual(4);
    const other = await createTestStaff(t, merchant.id, ['transactions']);
    expect((await list({}, other.token)).reason).toBe('FEATURE_NOT_GRANTED');
  });
});
