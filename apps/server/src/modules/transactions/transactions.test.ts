// The transaction history through get-transactions: the list of a user's movements (newest
// first, per wallet, a page at a time) and one transaction in detail, readable only by its
// parties.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmSendMoneyCall, getTransactionsCall, initiateSendMoneyCall } from '@paywallet/contract';
import type { TCallResponse } from '@paywallet/contract';
import { depositEntries, TransactionType } from '@paywallet/ledger';
import { createTestApp, type TestAnswer, type TestApp } from '../../test/harness.ts';
import { createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../../test/money.ts';
import { postEntries } from '../ledger/ledger.service.ts';
import { maskCardNumber } from './transactions.service.ts';

let t: TestApp;
let alice: TestPerson;
let bob: TestPerson;
let carol: TestPerson;
const sent: string[] = [];

type TransactionsAnswer = TestAnswer<TCallResponse<typeof getTransactionsCall>>;

/** get-transactions answers a page of rows, or one transaction in detail: this one must be a page. */
function pageOf(answer: TransactionsAnswer) {
  if (!('paginationData' in answer.data)) throw new Error(`Expected a page of transactions, got ${answer.code}: ${answer.message}`);
  return answer.data;
}

/** This answer must be one transaction in detail. */
function detailOf(answer: TransactionsAnswer) {
  if (!('detail' in answer.data)) throw new Error(`Expected a transaction in detail, got ${answer.code}: ${answer.message}`);
  return answer.data.detail;
}

async function send(payer: TestPerson, payee: TestPerson, amount: number, currency = 'AED', deduct = 0): Promise<string> {
  const quote = await t.call(
    initiateSendMoneyCall,
    { emailOrPhone: payee.email, amount, payerAccountId: Number(payer.wallets[currency]), deductChargesFromTransactionAmount: deduct },
    { token: payer.token },
  );
  expect(quote.status, quote.message).toBe(200);
  const confirmed = await t.call(confirmSendMoneyCall, { transactionHash: quote.data.hash }, { token: payer.token });
  expect(confirmed.status, confirmed.message).toBe(200);
  return confirmed.data.transactionId;
}

beforeAll(async () => {
  t = await createTestApp({ supportEmail: 'help@paywallet.test' });
  alice = await createTestPerson(t, { currencies: ['AED', 'USD'], firstName: 'Alice', lastName: 'Amin' });
  bob = await createTestPerson(t, { firstName: 'Bob', lastName: 'Bakr' });
  carol = await createTestPerson(t);
  await fundWallet(t, alice.wallets.AED!, 100_000n, 'AED');
  await fundWallet(t, alice.wallets.USD!, 100_000n, 'USD');
  sent.push(await send(alice, bob, 10_000));
  sent.push(await send(alice, bob, 2_000, 'USD', 1));
  sent.push(await send(bob, alice, 3_000));
});
afterAll(async () => t.close());

describe('get-transactions list', () => {
  it('lists the user’s movements as sender or receiver, newest first, with their direction', async () => {
    // Proves the rows of both parties and the +1 / -1 direction from each side.
    const mine = await t.call(getTransactionsCall, {}, { token: alice.token });
    expect(mine.status).toBe(200);
    expect(pageOf(mine).paginationData).toEqual({ total: 5, perPage: 10, currentPage: 1 });
    expect(pageOf(mine).data.map((r) => [r.transaction_type.name, r.currency.code, r.direction, r.amount])).toEqual([
      ['Transfer', 'AED', 1, 3_000],
      ['Transfer', 'USD', -1, 1_979],
      ['Transfer', 'AED', -1, 10_000],
      ['Deposit', 'USD', 1, 100_000],
      ['Deposit', 'AED', 1, 100_000],
    ]);
    expect(pageOf(mine).data[2]).toEqual({
      uuid: sent[0],
      refrence: null,
      reference_id: null,
      gateway_reference_id: null,
      transaction_type_id: 3,
      transaction_type: { name: 'Transfer' },
      status: 1,
      status_str: 'Success',
      settlement_status: null,
      amount: 10_000,
      fee: 100,
      vat: 5,
      total_amount: 10_105,
      currency: { code: 'AED' },
      direction: -1,
      sender_account_title: 'Alice Amin',
      sender_account_number: expect.stringMatching(/^PW\d{12}$/),
      sender_user_id: Number(alice.id),
      receiver_account_title: 'Bob Bakr',
      receiver_account_number: expect.stringMatching(/^PW\d{12}$/),
      receiver_user_id: Number(bob.id),
      card_holder_name: null,
      card_number: null,
      client_reference: null,
      customer: null,
      charges_transactions: [
        expect.objectContaining({ name: 'Fee', type: 'fee', charges: 100, sender_account_title: 'Alice Amin' }),
        expect.objectContaining({ name: 'VAT', type: 'vat', charges: 5, sender_account_title: 'Alice Amin' }),
      ],
      refunded_transaction: null,
      created_at: expect.stringMatching(/Z$/),
    });
    const bobs = await t.call(getTransactionsCall, {}, { token: bob.token });
    expect(pageOf(bobs).data.map((r) => [r.uuid, r.direction])).toEqual([
      [sent[2], -1],
      [sent[1], 1],
      [sent[0], 1],
    ]);
    const none = await t.call(getTransactionsCall, {}, { token: carol.token });
    expect(none.data).toEqual({ data: [], paginationData: { total: 0, perPage: 10, currentPage: 1 } });
    await expectLedgerInvariants(t);
  });

  it('filters by one of the user’s wallets and pages', async () => {
    // Proves userAccountId (theirs only, else 404) and page / perPage.
    const usd = await t.call(getTransactionsCall, { userAccountId: Number(alice.wallets.USD) }, { token: alice.token });
    expect(pageOf(usd).data.map((r) => [r.transaction_type.name, r.direction])).toEqual([
      ['Transfer', -1],
      ['Deposit', 1],
    ]);
    const page2 = await t.call(getTransactionsCall, { page: 2, perPage: 2 }, { token: alice.token });
    expect(pageOf(page2).paginationData).toEqual({ total: 5, perPage: 2, currentPage: 2 });
    expect(pageOf(page2).data.map((r) => r.uuid)).toEqual([sent[0], expect.any(String)]);
    const foreign = await t.call(getTransactionsCall, { userAccountId: Number(bob.wallets.AED) }, { token: alice.token });
    expect({ status: foreign.status, message: foreign.message }).toEqual({ status: 404, message: 'Wallet not found.' });
    const tooMany = await t.call(getTransactionsCall, { perPage: 1000 }, { token: alice.token });
    expect(tooMany.status).toBe(400);
  });
});

describe('get-transactions detail', () => {
  it('shows both parties, the real status, the charges_transactions, the method and the support e-mail', async () => {
    // Proves the screen 20 detail for each party of a transfer (DECISIONS 5: real statuses).
    for (const who of [alice, bob]) {
      const result = await t.call(getTransactionsCall, { transactionDetail: 1, transactionId: sent[0] }, { token: who.token });
      expect(result.status).toBe(200);
      expect(detailOf(result)).toMatchObject({
        uuid: sent[0],
        status: 1,
        status_str: 'Success',
        settlement_status: null,
        settlement_date: null,
        amount: 10_000,
        fee: 100,
        vat: 5,
        total_amount: 10_105,
        direction: who === alice ? -1 : 1,
        sender: { first_name: 'Alice', last_name: 'Amin', email: alice.email },
        receiver: { first_name: 'Bob', last_name: 'Bakr', email: bob.email },
        sender_user_id: Number(alice.id),
        receiver_user_id: Number(bob.id),
        payment_method: { name: 'Wallet Transfer' },
        failureReason: null,
        customer: null,
        refunded_transaction: null,
        aquiring: null,
        schema: null,
        // The sender of a transfer pays its charges, to the platform's fee and VAT accounts.
        charges_transactions: [
          {
            uuid: sent[0],
            name: 'Fee',
            type: 'fee',
            charges: 100,
            amount: 100,
            total_amount: 100,
            sender_user_id: Number(alice.id),
            receiver_account_title: 'Fees',
            receiver_user_id: null,
          },
          {
            uuid: sent[0],
            name: 'VAT',
            type: 'vat',
            charges: 5,
            amount: 5,
            total_amount: 5,
            sender_user_id: Number(alice.id),
            receiver_account_title: 'VAT',
            receiver_user_id: null,
          },
        ],
        supportEmail: 'help@paywallet.test',
      });
    }
  });

  it('hides a transaction from anyone who is not a party to it', async () => {
    // Proves a third user, an unknown uuid and a malformed id all read 404; a missing id reads 400.
    for (const transactionId of [sent[0], '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const result = await t.call(getTransactionsCall, { transactionDetail: 1, transactionId }, { token: carol.token });
      expect({ status: result.status, message: result.message }).toEqual({ status: 404, message: 'Transaction not found.' });
    }
    const missing = await t.call(getTransactionsCall, { transactionDetail: 1 }, { token: alice.token });
    expect({ status: missing.status, message: missing.message }).toEqual({ status: 400, message: 'The transaction id field is required' });
    const anonymous = await t.call(getTransactionsCall, { transactionDetail: 1, transactionId: sent[0] });
    expect(anonymous.status).toBe(401);
  });

  it('shows only a masked card number, even if a full one had been stored', async () => {
    // Proves DECISIONS 19 at the edge: first six and last four digits.
    const wallet = await t.deps.db
      .selectFrom('wallets')
      .select(['account_number', 'currency_id'])
      .where('id', '=', carol.wallets.AED!)
      .executeTakeFirstOrThrow();
    const charges = { amountMinor: 5_000n, feeMinor: 0n, vatMinor: 0n, totalDebitMinor: 5_000n };
    const posted = await t.deps.db.transaction().execute((trx) =>
      postEntries(
        trx,
        {
          typeId: TransactionType.Deposit,
          status: 1,
          currencyId: wallet.currency_id,
          amountMinor: 5_000n,
          feeMinor: 0n,
          vatMinor: 0n,
          totalAmountMinor: 5_000n,
          receiver: { userId: carol.id, walletId: carol.wallets.AED!, title: 'Carol', accountNumber: wallet.account_number },
          card: { holderName: 'CAROL', maskedNumber: '4111111111111111', brand: 'visa' },
        },
        depositEntries({ walletId: String(carol.wallets.AED), currency: 'AED', charges }),
        [],
      ),
    );
    const result = await t.call(getTransactionsCall, { transactionDetail: 1, transactionId: posted.uuid }, { token: carol.token });
    expect(detailOf(result).card_number).toBe('411111******1111');
    expect(detailOf(result).sender).toBeNull();
    expect(maskCardNumber('411111******1111')).toBe('411111******1111');
    expect(maskCardNumber('1234')).toBe('****1234');
    expect(maskCardNumber(null)).toBeNull();
    await expectLedgerInvariants(t);
  });
});
