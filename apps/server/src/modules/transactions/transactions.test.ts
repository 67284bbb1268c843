// The transaction history through get-transactions: the list of a user's movements (newest
// first, per wallet, a page at a time) and one transaction in detail, readable only by its
// parties.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addNewWithdrawalCall,
  addWithdrawalMethodCall,
  adminProcessWithdrawalCall,
  adminRunSettlementsCall,
  adminUpdateSettlementConfigCall,
  confirmSendMoneyCall,
  getAccountLedgerCall,
  getTransactionsCall,
  initiateSendMoneyCall,
} from '@paywallet/contract';
import type { TCallResponse } from '@paywallet/contract';
import { depositEntries, rollingReserveReleaseEntries, TransactionType } from '@paywallet/ledger';
import { createTestApp, type TestAnswer, type TestApp } from '../../test/harness.ts';
import { createTestAdmin, type TestAdmin } from '../../test/admin.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../../test/money.ts';
import { openPaymentDoors } from '../../test/payment-doors.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { startBatchRun } from '../../jobs/batch-runs.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { postEntries } from '../ledger/ledger.service.ts';
import { RESERVE_RELEASE_BATCH } from '../settlements/settlements.jobs.ts';
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

describe('the direction of a merchant’s settlements, reserve and withdrawals', () => {
  // Proves docs/transactions.md "Direction": an aggregate settlement (12) and a reserve release (14)
  // come to the merchant (+1) although the merchant is their sender, a direct settlement (7) and a
  // withdrawal (2) leave (-1: the request from available, the payment from on hold; a rejection
  // comes back, +1), a reserve hold (13) is a move between the merchant's own wallets (0); seen
  // from one wallet every row reads from that wallet's side. The account ledger shows the same
  // rows entry by entry, each bucket's debit or credit.
  let shop: TestMerchant;
  let admin: TestAdmin;
  let reserveWalletId: bigint;

  const mainWallet = () => shop.wallets.AED!;
  const directions = async (filters: Record<string, number> = {}) => {
    const answer = await t.call(getTransactionsCall, { ...filters, perPage: 50 }, { token: shop.token });
    expect(answer.status, answer.message).toBe(200);
    return pageOf(answer).data.map((row) => [row.transaction_type_id, row.direction, row.amount]);
  };
  const ledgerOf = async (walletId: bigint) => {
    const answer = await t.call(getAccountLedgerCall, { userAccountId: Number(walletId), perPage: 50 }, { token: shop.token });
    expect(answer.status, answer.message).toBe(200);
    return answer.data.data.map((row) => [row.transaction.uuid, row.transaction_type_id, row.debit_amount, row.credit_amount]);
  };

  beforeAll(async () => {
    shop = await createTestMerchant(t);
    admin = await createTestAdmin(t);
    await giveMerchantFees(t, shop.id);
    const doors = await openPaymentDoors(t, shop);
    const pos = shop.stores[0]!.terminals[0]!.channels.find((channel) => channel.type === 'pos')!;
    const configure = (body: Parameters<typeof t.call<typeof adminUpdateSettlementConfigCall>>[1]) =>
      t.call(adminUpdateSettlementConfigCall, body, { token: admin.token });
    // Aggregate with a 10% reserve; the POS channel settled directly to the bank.
    const base = { merchantId: Number(shop.id), reserveHoldSeconds: 3_600 };
    expect((await configure({ ...base, type: 'aggregate', reserveBps: 1_000 })).code).toBe(200);
    expect((await configure({ ...base, channelId: Number(pos.id), type: 'direct', reserveBps: 0 })).code).toBe(200);
    await doors.link(SANDBOX_CARDS.approved);
    expect((await doors.pos(SANDBOX_CARDS.approved)).status).toBe(200);

    const runner = new JobRunner(t.deps, { runnerId: 'transactions-direction-runner', pollIntervalMs: 20 });
    const run = await t.call(adminRunSettlementsCall, { merchantUserId: Number(shop.id) }, { token: admin.token });
    expect(run.code, run.message).toBe(200);
    await runner.drain();
    const reserve = await t.deps.db
      .selectFrom('rolling_reserves')
      .select(['release_at', 'reserve_wallet_id'])
      .where('merchant_user_id', '=', shop.id)
      .executeTakeFirstOrThrow();
    reserveWalletId = reserve.reserve_wallet_id;
    await startBatchRun(t.deps.db, RESERVE_RELEASE_BATCH, new Date(reserve.release_at.getTime() + 1_000).toISOString());
    await runner.drain();

    // Two withdrawals from what the settlement made available: one paid, one rejected.
    const bank = await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'BANK_TRANSFER').executeTakeFirstOrThrow();
    const method = await t.call(
      addWithdrawalMethodCall,
      {
        paymentMethodId: bank.id,
        userAccountId: Number(mainWallet()),
        details: { 'Account Name': 'Shop LLC', IBAN: 'AE070331234567890123456', 'SWIFT/BIC': 'NBADAEAAXXX' },
      },
      { token: shop.token },
    );
    expect(method.code, method.message).toBe(200);
    for (const [amount, decision] of [
      [1_000, { status: 'paid', referenceId: 'BANK-1' }],
      [2_000, { status: 'rejected', comment: 'Wrong account' }],
    ] as const) {
      const asked = await t.call(
        addNewWithdrawalCall,
        { amount, userAccountId: Number(mainWallet()), withdrawalMethodId: method.data.id },
        { token: shop.token },
      );
      expect(asked.code, asked.message).toBe(200);
      const decided = await t.call(adminProcessWithdrawalCall, { withdrawalId: asked.data.id, ...decision }, { token: admin.token });
      expect(decided.code, decided.message).toBe(200);
    }

    // A reserve hold (13), which no call writes today (the hold is part of 12): posted through the ledger.
    const wallets = await t.deps.db
      .selectFrom('wallets')
      .select(['id', 'account_number', 'currency_id'])
      .where('id', 'in', [mainWallet(), reserveWalletId])
      .execute();
    const party = (id: bigint) => {
      const wallet = wallets.find((row) => row.id === id)!;
      return { userId: shop.id, walletId: id, title: 'Shop', accountNumber: wallet.account_number };
    };
    await t.deps.db.transaction().execute((trx) =>
      postEntries(
        trx,
        {
          typeId: TransactionType.RollingReserveHold,
          status: 1,
          currencyId: wallets[0]!.currency_id,
          amountMinor: 300n,
          feeMinor: 0n,
          vatMinor: 0n,
          totalAmountMinor: 300n,
          sender: party(mainWallet()),
          receiver: party(reserveWalletId),
        },
        // The release's entries turned round: the merchant's available -300, the reserve wallet +300.
        rollingReserveReleaseEntries({
          merchantWalletId: String(reserveWalletId),
          reserveWalletId: String(mainWallet()),
          currency: 'AED',
          releasedMinor: 300n,
        }),
        [],
      ),
    );
  });

  it('reads a settlement and a release as coming in, a direct settlement and a withdrawal as leaving, a hold as neither', async () => {
    const settled = await t.deps.db
      .selectFrom('transactions')
      .select(['uuid', 'transaction_type_id', 'amount'])
      .where((eb) => eb.or([eb('sender_user_id', '=', shop.id), eb('receiver_user_id', '=', shop.id)]))
      .orderBy('id', 'desc')
      .execute();
    const amountOf = (type: number, nth = 0) => Number(settled.filter((row) => row.transaction_type_id === type)[nth]!.amount);
    const link = amountOf(TransactionType.PaymentLinkPayment);
    const pos = amountOf(TransactionType.PosPayment);
    const aggregate = amountOf(TransactionType.AggregateSettlement);
    const direct = amountOf(TransactionType.DirectSettlement);
    const released = amountOf(TransactionType.RollingReserveRelease);
    expect(released).toBe(Math.floor(aggregate / 10));

    // Newest first: the hold, the rejected withdrawal (back, then asked), the paid one (paid, then asked),
    // the release, the settlements (direct and aggregate, one run) and the two card payments.
    const settlementsOf = (rows: (number | undefined)[][]) => rows.slice(6, 8).sort((a, b) => a[0]! - b[0]!);
    // Past the hold, the merchant's list and its main wallet's read alike.
    const afterHold = [
      [2, 1, 2_000],
      [2, -1, 2_000],
      [2, -1, 1_000],
      [2, -1, 1_000],
      [14, 1, released],
    ];
    const settlements = [
      [7, -1, direct],
      [12, 1, aggregate],
    ];
    const all = await directions();
    expect(all.slice(0, 6)).toEqual([[13, 0, 300], ...afterHold]);
    expect(settlementsOf(all)).toEqual(settlements);
    expect(all.slice(8).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [8, 1, link],
      [10, 1, pos],
    ]);

    // The merchant's main wallet: the hold leaves it, the release comes to it; the rest as above.
    const main = await directions({ userAccountId: Number(mainWallet()) });
    expect(main.slice(0, 6)).toEqual([[13, -1, 300], ...afterHold]);
    expect(settlementsOf(main)).toEqual(settlements);
    // The rolling-reserve wallet: the hold comes to it, the release leaves it.
    expect(await directions({ userAccountId: Number(reserveWalletId) })).toEqual([
      [13, 1, 300],
      [14, -1, released],
    ]);
    await expectLedgerInvariants(t);
  });

  it('shows each bucket’s move in the account ledger: a withdrawal holds, then pays out or comes back', async () => {
    const rows = await ledgerOf(mainWallet());
    const byTransaction = new Map<string, Array<[number, number]>>();
    const types = new Map<string, number>();
    for (const [uuid, type, debit, credit] of rows as Array<[string, number, number, number]>) {
      byTransaction.set(uuid, [...(byTransaction.get(uuid) ?? []), [debit, credit]]);
      types.set(uuid, type);
    }
    const entriesOf = (type: number) =>
      [...byTransaction.entries()]
        .filter(([uuid]) => types.get(uuid) === type)
        .map(([, moves]) => moves.map(([debit, credit]) => credit - debit).sort((a, b) => a - b));
    const reserve = (await directions({ userAccountId: Number(reserveWalletId) }))[1]![2] as number;
    const aggregate = (await directions({ userAccountId: Number(mainWallet()) })).find((row) => row[0] === 12)![2] as number;
    // 12: on hold -S, available +(S - R); 14: available +R; 13: available -300.
    expect(entriesOf(12)).toEqual([[-aggregate, aggregate - reserve]]);
    expect(entriesOf(14)).toEqual([[reserve]]);
    expect(entriesOf(13)).toEqual([[-300]]);
    expect(entriesOf(7)).toHaveLength(1);
    expect(entriesOf(7)[0]!.every((move) => move < 0)).toBe(true);
    // 2, newest first: rejected (on hold -2000, available +2000), asked (available -2000, on hold +2000),
    // paid (on hold -1000 to payouts), asked (available -1000, on hold +1000).
    expect(entriesOf(2)).toEqual([[-2_000, 2_000], [-2_000, 2_000], [-1_000], [-1_000, 1_000]]);
    // The reserve wallet's ledger: the settlement put R in, the release took it out, the hold put 300 in.
    const reserveRows = await ledgerOf(reserveWalletId);
    expect(reserveRows.map(([, type, debit, credit]) => [type, debit, credit])).toEqual([
      [13, 0, 300],
      [14, reserve, 0],
      [12, 0, reserve],
    ]);
    const buckets = await t.deps.db
      .selectFrom('wallet_balances as wallets')
      .select(['balance_on_hold'])
      .where('id', '=', mainWallet())
      .executeTakeFirstOrThrow();
    // Nothing is left on hold: both payments settled, the withdrawals paid or rejected.
    expect(buckets.balance_on_hold).toBe(0n);
    await expectLedgerInvariants(t);
  });
});
