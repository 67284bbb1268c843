// Money helpers for server tests: people with wallets and a signed-in session made straight in
// the database, wallets funded by a real posting (a deposit from the card gateway), and the
// ledger invariants every money scenario ends with.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { TRANSACTION_STATUS, type getTransactionsCall, type TCallResponse } from '@paywallet/contract';
import { sendMoneyEntries, TransactionType, type Charges } from '@paywallet/ledger';
import type { TestAnswer, TestApp } from './harness.ts';
import { countRows } from './harness.ts';
import { postFeeFreeDeposit, type ChargeRow, type PostingTransaction } from '../modules/ledger/ledger.service.ts';
import { checkLedgerInvariants, type InvariantReport } from '../modules/ledger/invariants.ts';
import { createWallet, getWallet } from '../modules/wallets/wallets.service.ts';
import { fullName } from '../lib/display-text.ts';
import { openSession } from '../modules/auth/sessions.ts';

export interface TestPerson {
  id: bigint;
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  token: string;
  /** Wallet ids by currency code. */
  wallets: Record<string, bigint>;
}

let personCounter = 0;

/**
 * A user with wallets (the first currency is the default) and a full-stage session, without
 * the sign-in calls: tests of money need many people quickly.
 */
export async function createTestPerson(
  t: TestApp,
  options: { currencies?: readonly string[]; firstName?: string; lastName?: string } = {},
): Promise<TestPerson> {
  personCounter += 1;
  const tag = `${personCounter}-${crypto.randomBytes(3).toString('hex')}`;
  const email = `person-${tag}@test.paywallet.local`;
  const phone = `+97158${String(personCounter).padStart(7, '0')}`;
  const firstName = options.firstName ?? 'Test';
  const lastName = options.lastName ?? `Person ${personCounter}`;
  const currencies = options.currencies ?? ['AED'];
  const { id, wallets } = await t.deps.db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        uuid: crypto.randomUUID(),
        type: 'consumer',
        first_name: firstName,
        last_name: lastName,
        business_name: null,
        email,
        carrier_code: '+971',
        phone_number: phone,
        password_hash: 'not-a-password',
        passcode_hash: 'not-a-passcode',
        status: 1,
        avatar: null,
        device_token: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const made: Record<string, bigint> = {};
    for (const [index, code] of currencies.entries()) {
      const currency = await trx.selectFrom('currencies').select('id').where('code', '=', code).executeTakeFirstOrThrow();
      made[code] = await createWallet(trx, user.id, currency.id, index === 0 ? 1 : 0);
    }
    return { id: user.id, wallets: made };
  });
  const { token } = await openSession(t.deps.db, { userId: id, stage: 'user', ip: '127.0.0.1', userAgent: 'vitest' });
  return { id, email, phone, firstName, lastName, token, wallets };
}

/** Money in from outside: a card deposit without charges, posted like any movement. */
export async function fundWallet(
  t: TestApp,
  walletId: bigint | number | string,
  amountMinor: bigint | number,
  currency: string,
): Promise<void> {
  const id = BigInt(walletId);
  const amount = BigInt(amountMinor);
  const wallet = await getWallet(t.deps.db, id);
  if (wallet.currency_code !== currency) throw new Error(`wallet ${id} holds ${wallet.currency_code}, not ${currency}`);
  const party = { userId: wallet.user_id, walletId: id, title: fullName(wallet), accountNumber: wallet.account_number };
  await t.deps.db
    .transaction()
    .execute((trx) => postFeeFreeDeposit(trx, { party, currencyId: wallet.currency_id, currencyCode: currency }, amount));
}

export async function balanceOf(t: TestApp, walletId: bigint): Promise<bigint> {
  const row = await t.deps.db
    .selectFrom('wallet_balances')
    .select('available_balance')
    .where('id', '=', walletId)
    .executeTakeFirstOrThrow();
  return row.available_balance;
}

/**
 * A bucket of a wallet where it lies (docs/money.md, "Hot wallets"): on the wallet's row, in each
 * of its credit slots (by slot, in slot order), their sum, and as every reader sees it (the
 * wallet_balances view).
 */
export async function bucketParts(
  t: TestApp,
  walletId: bigint,
  bucket: 'available_balance' | 'balance_on_hold',
): Promise<{ row: bigint; slots: (readonly [slot: number, amount: bigint])[]; inSlots: bigint; read: bigint }> {
  const row = await t.deps.db.selectFrom('wallets').select(bucket).where('id', '=', walletId).executeTakeFirstOrThrow();
  const slots = await t.deps.db
    .selectFrom('wallet_credit_slots')
    .select(['slot', bucket])
    .where('wallet_id', '=', walletId)
    .orderBy('slot')
    .execute();
  const read = await t.deps.db.selectFrom('wallet_balances').select(bucket).where('id', '=', walletId).executeTakeFirstOrThrow();
  return {
    row: row[bucket],
    slots: slots.map((s) => [s.slot, s[bucket]] as const),
    inSlots: slots.reduce((sum, s) => sum + s[bucket], 0n),
    read: read[bucket],
  };
}

/** What a payer sent today (the UTC day) as the daily limit counts it: their usage row; undefined without one. */
export async function sentToday(t: TestApp, userId: bigint): Promise<bigint | undefined> {
  const row = await t.deps.db
    .selectFrom('daily_send_usage')
    .select('sent_minor')
    .where('user_id', '=', userId)
    .where(sql<boolean>`day = (now() AT TIME ZONE 'UTC')::date`)
    .executeTakeFirst();
  return row?.sent_minor;
}

/** The on-hold balance of a user's wallet in `currency` (0 while the user has no such wallet). */
export async function onHoldBalance(t: TestApp, userId: bigint, currency = 'AED'): Promise<bigint> {
  const row = await t.deps.db
    .selectFrom('wallet_balances as wallets')
    .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
    .select('wallets.balance_on_hold')
    .where('wallets.user_id', '=', userId)
    .where('currencies.code', '=', currency)
    .executeTakeFirst();
  return row ? BigInt(row.balance_on_hold) : 0n;
}

/** The 3-D Secure page's answer, as the cardholder's browser posts it; where it sends them next. */
export async function answerChallengePage(t: TestApp, challengeUrl: string, action: 'approve' | 'decline'): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: `${new URL(challengeUrl).pathname}/${action}` });
  expect(response.statusCode).toBe(303);
  return String(response.headers.location);
}

/** The ledger's promises: each currency sums to zero, balances equal entries, nobody below zero. */
export async function expectLedgerInvariants(t: TestApp): Promise<InvariantReport> {
  const report = await checkLedgerInvariants(t.deps.db);
  expect({
    unbalancedCurrencies: report.unbalancedCurrencies,
    walletsOffTheirEntries: report.walletsOffTheirEntries,
    negativeWallets: report.negativeWallets,
    entriesWithoutAccount: report.entriesWithoutAccount,
    orphanEntries: report.orphanEntries,
  }).toEqual({ unbalancedCurrencies: [], walletsOffTheirEntries: [], negativeWallets: [], entriesWithoutAccount: [], orphanEntries: 0 });
  return report;
}

export const MONEY_TABLES = [
  'transactions',
  'ledger_entries',
  'transaction_charges',
  'quotes',
  'money_requests',
  'notifications',
  'wallets',
] as const;

/** Row counts of every table money calls write, to show that a refused call wrote nothing. */
export async function countMoneyRows(t: TestApp) {
  return countRows(t, MONEY_TABLES);
}

/** A get-transactions answer that must be a page (the call answers a page or one in detail). */
export function transactionsPage(answer: TestAnswer<TCallResponse<typeof getTransactionsCall>>) {
  if (!('paginationData' in answer.data)) throw new Error(`Expected a page of transactions, got ${answer.code}: ${answer.message}`);
  return answer.data;
}

/**
 * An AED transfer from `payer` to `payee` as transfers.service.ts posts it: the movement, its
 * entries and its fee and VAT rows, the posting function's arguments (`postEntries(trx, ...)`).
 */
export function transferPosting(
  payer: TestPerson,
  payee: TestPerson,
  posting: { currencyId: number; key: string | null; charges: Charges; status?: number },
) {
  const { currencyId, key, charges, status = TRANSACTION_STATUS.SUCCESS } = posting;
  const movement: PostingTransaction = {
    typeId: TransactionType.Transfer,
    status,
    currencyId,
    amountMinor: charges.amountMinor,
    feeMinor: charges.feeMinor,
    vatMinor: charges.vatMinor,
    totalAmountMinor: charges.totalDebitMinor,
    sender: { userId: payer.id, walletId: payer.wallets.AED!, title: 'Payer', accountNumber: 'P' },
    receiver: { userId: payee.id, walletId: payee.wallets.AED!, title: 'Payee', accountNumber: 'Q' },
    postingKey: key,
  };
  const entries = sendMoneyEntries({
    payerWalletId: String(payer.wallets.AED),
    payeeWalletId: String(payee.wallets.AED),
    currency: 'AED',
    charges,
  });
  const chargeRows: ChargeRow[] = [
    { name: 'Fee', type: 'fee', chargesMinor: charges.feeMinor },
    { name: 'VAT', type: 'vat', chargesMinor: charges.vatMinor },
  ];
  return { movement, entries, chargeRows };
}
