// Deposit by card (spec 1, screens 18 and 19; ARCHITECTURE.md sections 4 and 5).
//
//   1. get-allowed-payment-methods: the DEPOSIT methods of the wallet's currency.
//   2. check-balance-and-limits: prices the deposit (charges on top: the card pays A+F+V, the
//      wallet gets A), checks the method's limits and returns a quote hash (10 minutes).
//   3. initiate-deposit: checks the card, authorizes A+F+V with the acquirer and consumes the
//      quote, all in one database transaction that holds the quote row:
//        approved  -> the deposit is posted at once (status 1); bypass3DS 1.
//        challenge -> a pending transaction (status 0, no entries) and a 3-D Secure page; the
//                     gateway posts it on Approve (see gateway/card-payments.service.ts).
//        declined  -> a failed transaction (status 2, no entries) and a 422.
//      The quote is consumed in every case, so the same hash never charges a card twice: a
//      repeated initiate answers the first result, and a declined card needs a new check.
import type { Transaction } from 'kysely';
import {
  assert,
  assertNever,
  formatBps,
  minorToWire,
  quoteCharges,
  TransactionType,
  type Charges,
  type PaymentMethodPrivilege,
  type QuoteFailureCode,
} from '@paywallet/ledger';
import { TRANSACTION_STATUS, type TPaymentMethod, type TQuote } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { notFound, unprocessable } from '../../transport/errors.ts';
import { postEntries, recordUnpostedTransaction, type PostingTransaction } from '../ledger/ledger.service.ts';
import { consumeQuote, createQuote, lockQuote, QUOTE_INVALID } from '../quotes/quotes.service.ts';
import type { Acquirer, DeclineReason } from '../gateway/acquirer.ts';
import { PaymentCard, cardCheckMessage } from '../gateway/card.ts';
import { cardPaymentPosting, notifyDepositOutcome } from '../gateway/card-postings.ts';
import { challengeUrl, openChallenge } from '../gateway/card-payments.service.ts';
import { formatMoney, fullName } from '../../lib/display-text.ts';
import { findOwnWallet, type WalletWithCurrency } from '../wallets/wallets.service.ts';
import {
  dailyLimitLeftMinor,
  findPaymentMethod,
  listPaymentMethods,
  privilegeOf,
  startOfUtcDay,
} from '../payment-methods/payment-methods.service.ts';
import { lockOwnWallet, sumDepositedSinceMinor } from './deposits.repository.ts';

export const WALLET_NOT_FOUND = 'Wallet not found.';
export const METHOD_NOT_AVAILABLE = 'This mode of payment is not available for this account.';
export const CARD_DECLINED = 'Your card was declined.';
export const CARD_INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';

export type DepositResult =
  | { bypass3DS: 1; paymentUrl: null; transactionId: string; status: 'success' }
  | { bypass3DS: 0; paymentUrl: string; transactionId: string; status: 'pending' };
/** What a consumed quote remembers: the answer of its first initiate, a refusal included. */
type StoredResult = DepositResult | { status: 'failed'; transactionId: string; message: string };

// ---- 1. methods -------------------------------------------------------------------------

export async function listAllowedDepositMethods(db: Db, currencyId: number): Promise<TPaymentMethod[]> {
  const rows = await listPaymentMethods(db, 'DEPOSIT', currencyId);
  return rows.map((row) => ({
    id: row.payment_method_id,
    name: row.name,
    code: row.code,
    currency_payment_method: [
      {
        id: row.currency_payment_method_id,
        currency_id: row.currency_id,
        privileges: [
          {
            // The wire carries percentages as numbers of percent (250 bps -> 2.5).
            vp_percentage_charges: Number(formatBps(BigInt(row.vp_percentage_bps))),
            gw_percentage_charges: Number(formatBps(BigInt(row.gw_percentage_bps))),
            vp_fixed_charges: minorToWire(row.vp_fixed_minor),
            gw_fixed_charges: minorToWire(row.gw_fixed_minor),
            min_amount: minorToWire(row.min_amount_minor),
            max_amount: minorToWire(row.max_amount_minor),
            daily_limit: minorToWire(row.daily_limit_minor),
          },
        ],
      },
    ],
  }));
}

// ---- 2. check-balance-and-limits ----------------------------------------------------------

function limitMessage(
  code: QuoteFailureCode,
  wallet: WalletWithCurrency,
  privilege: PaymentMethodPrivilege,
  usedTodayMinor: bigint,
): string {
  const money = (amountMinor: bigint) => formatMoney(amountMinor, wallet.currency_code, wallet.currency_decimals);
  switch (code) {
    case 'AMOUNT_NOT_POSITIVE':
      return 'The amount must be greater than 0.';
    case 'AMOUNT_BELOW_MINIMUM':
      return `The minimum deposit is ${money(privilege.minAmountMinor)}.`;
    case 'AMOUNT_ABOVE_MAXIMUM':
      return privilege.maxAmountMinor > 0n ? `The maximum deposit is ${money(privilege.maxAmountMinor)}.` : 'The amount is too large.';
    case 'DAILY_LIMIT_EXCEEDED':
      return dailyLimitMessage(wallet, privilege.dailyLimitMinor, usedTodayMinor);
    case 'CHARGES_EXCEED_AMOUNT':
      return 'The charges exceed the amount.';
    default:
      return assertNever(code);
  }
}

function dailyLimitMessage(wallet: WalletWithCurrency, dailyLimitMinor: bigint, usedTodayMinor: bigint): string {
  const money = (amountMinor: bigint) => formatMoney(amountMinor, wallet.currency_code, wallet.currency_decimals);
  const leftMinor = dailyLimitLeftMinor(dailyLimitMinor, usedTodayMinor);
  return `This deposit exceeds your daily limit of ${money(dailyLimitMinor)}. You can deposit up to ${money(leftMinor)} more today.`;
}

/** What a deposit quote holds; bigints as strings, since the payload is JSON. */
interface DepositQuotePayload {
  walletId: string;
  paymentMethodId: number;
  amountMinor: string;
  feeMinor: string;
  vatMinor: string;
  totalMinor: string;
  dailyLimitMinor: string;
}

export async function quoteDeposit(
  deps: Deps,
  userId: bigint,
  input: { amountMinor: bigint; walletId: bigint; paymentMethodId: number },
  now = new Date(),
): Promise<TQuote> {
  const wallet = await findOwnWallet(deps.db, userId, input.walletId);
  if (!wallet) throw notFound(WALLET_NOT_FOUND);
  const method = await findPaymentMethod(deps.db, 'DEPOSIT', wallet.currency_id, input.paymentMethodId);
  if (!method) throw unprocessable(METHOD_NOT_AVAILABLE);
  const privilege = privilegeOf(method);
  const usedTodayMinor = await sumDepositedSinceMinor(deps.db, userId, wallet.currency_id, method.payment_method_id, startOfUtcDay(now));
  const quoted = quoteCharges({
    amountMinor: input.amountMinor,
    privilege,
    vatBps: BigInt(deps.config.vatBps),
    deductChargesFromAmount: false,
    usedTodayMinor,
  });
  if (!quoted.ok) throw unprocessable(limitMessage(quoted.code, wallet, privilege, usedTodayMinor));

  const payload: DepositQuotePayload = {
    walletId: String(wallet.id),
    paymentMethodId: method.payment_method_id,
    amountMinor: String(quoted.amountMinor),
    feeMinor: String(quoted.feeMinor),
    vatMinor: String(quoted.vatMinor),
    totalMinor: String(quoted.totalDebitMinor),
    dailyLimitMinor: String(privilege.dailyLimitMinor),
  };
  const { hash, expiresAt } = await createQuote(deps.db, userId, 'deposit', { ...payload });
  return {
    hash,
    amount: minorToWire(quoted.amountMinor),
    fee: minorToWire(quoted.feeMinor),
    vat: minorToWire(quoted.vatMinor),
    totalAmount: minorToWire(quoted.totalDebitMinor),
    receiveAmount: minorToWire(quoted.amountMinor),
    currency: wallet.currency_code,
    expiresAt: expiresAt.toISOString(),
  };
}

// ---- 3. initiate-deposit ------------------------------------------------------------------

/** A deposit quote as initiate reads it back. */
interface DepositQuote {
  walletId: bigint;
  paymentMethodId: number;
  charges: Charges;
  dailyLimitMinor: bigint;
}

function readQuotePayload(payload: Record<string, unknown>): DepositQuote {
  const p = payload as unknown as DepositQuotePayload;
  assert(typeof p.walletId === 'string' && typeof p.paymentMethodId === 'number', 'a deposit quote names its wallet and method');
  const charges: Charges = {
    amountMinor: BigInt(p.amountMinor),
    feeMinor: BigInt(p.feeMinor),
    vatMinor: BigInt(p.vatMinor),
    totalDebitMinor: BigInt(p.totalMinor),
  };
  return { walletId: BigInt(p.walletId), paymentMethodId: p.paymentMethodId, charges, dailyLimitMinor: BigInt(p.dailyLimitMinor) };
}

function declineMessage(reason: DeclineReason): string {
  switch (reason) {
    case 'declined':
      return CARD_DECLINED;
    case 'insufficient_funds':
      return CARD_INSUFFICIENT_FUNDS;
    default:
      return assertNever(reason);
  }
}

function depositMovement(
  wallet: WalletWithCurrency,
  quote: DepositQuote,
  card: PaymentCard,
  status: number,
  extra: Pick<PostingTransaction, 'gatewayReferenceId' | 'failureReason'>,
): PostingTransaction {
  return {
    typeId: TransactionType.Deposit,
    status,
    currencyId: wallet.currency_id,
    amountMinor: quote.charges.amountMinor,
    feeMinor: quote.charges.feeMinor,
    vatMinor: quote.charges.vatMinor,
    totalAmountMinor: quote.charges.totalDebitMinor,
    receiver: {
      userId: wallet.user_id,
      walletId: wallet.id,
      title: fullName(wallet),
      accountNumber: wallet.account_number,
    },
    paymentMethodId: quote.paymentMethodId,
    card: { holderName: card.holderName, maskedNumber: card.maskedNumber, brand: card.brand },
    ...extra,
  };
}

/** Re-checks the daily limit with the wallet locked: quotes made side by side cannot all pass it. */
async function assertWithinDailyLimit(trx: Transaction<Database>, wallet: WalletWithCurrency, quote: DepositQuote, now: Date) {
  if (quote.dailyLimitMinor === 0n) return;
  const usedTodayMinor = await sumDepositedSinceMinor(trx, wallet.user_id, wallet.currency_id, quote.paymentMethodId, startOfUtcDay(now));
  if (usedTodayMinor + quote.charges.amountMinor > quote.dailyLimitMinor) {
    throw unprocessable(dailyLimitMessage(wallet, quote.dailyLimitMinor, usedTodayMinor));
  }
}

async function authorizeAndRecord(
  deps: Deps,
  trx: Transaction<Database>,
  acquirer: Acquirer,
  card: PaymentCard,
  quoteId: bigint,
  wallet: WalletWithCurrency,
  quote: DepositQuote,
): Promise<{ transactionId: bigint; result: StoredResult }> {
  const deposit = (uuid: string) => ({
    userId: wallet.user_id,
    transactionUuid: uuid,
    amountMinor: quote.charges.amountMinor,
    currency: wallet.currency_code,
    decimals: wallet.currency_decimals,
  });
  // The reference is stable for this quote, so a real acquirer can deduplicate a retry.
  const authorization = await acquirer.authorize(card, quote.charges.totalDebitMinor, wallet.currency_code, `deposit-${quoteId}`);
  switch (authorization.outcome) {
    case 'approved': {
      const movement = depositMovement(wallet, quote, card, TRANSACTION_STATUS.SUCCESS, {
        gatewayReferenceId: authorization.gatewayReference,
      });
      const posting = cardPaymentPosting({
        typeId: movement.typeId,
        walletId: wallet.id,
        currency: wallet.currency_code,
        charges: quote.charges,
      });
      const { transactionId, uuid } = await postEntries(trx, movement, posting.entries, posting.charges);
      await notifyDepositOutcome(trx, deposit(uuid), { ok: true });
      return { transactionId, result: { bypass3DS: 1, paymentUrl: null, transactionId: uuid, status: 'success' } };
    }
    case 'challenge': {
      const movement = depositMovement(wallet, quote, card, TRANSACTION_STATUS.PENDING, {
        gatewayReferenceId: authorization.gatewayReference,
      });
      const { transactionId, uuid } = await recordUnpostedTransaction(trx, movement);
      const { token } = await openChallenge(trx, { transactionId, walletId: wallet.id });
      return {
        transactionId,
        result: { bypass3DS: 0, paymentUrl: challengeUrl(deps.config.publicUrl, token), transactionId: uuid, status: 'pending' },
      };
    }
    case 'declined': {
      const message = declineMessage(authorization.reason);
      const movement = depositMovement(wallet, quote, card, TRANSACTION_STATUS.FAILED, { failureReason: message });
      const { transactionId, uuid } = await recordUnpostedTransaction(trx, movement);
      await notifyDepositOutcome(trx, deposit(uuid), { ok: false, reason: message });
      return { transactionId, result: { status: 'failed', transactionId: uuid, message } };
    }
    default:
      return assertNever(authorization);
  }
}

function answer(result: StoredResult): DepositResult {
  if (result.status === 'failed') throw unprocessable(result.message, { transactionId: result.transactionId });
  return result;
}

export async function initiateDeposit(
  deps: Deps,
  acquirer: Acquirer,
  userId: bigint,
  input: { hash: string; card: { holderName: string; number: string; expMonth: string; expYear: string; cvc: string } },
  now = new Date(),
): Promise<DepositResult> {
  // The card is checked before anything is read or written: a typo costs no quote.
  const checked = PaymentCard.check(input.card, now);
  if (!checked.ok) throw unprocessable(cardCheckMessage(checked.code));

  const stored = await deps.db.transaction().execute(async (trx): Promise<StoredResult> => {
    const locked = await lockQuote(trx, input.hash, userId, 'deposit');
    if (locked.previousResult) return locked.previousResult as unknown as StoredResult;
    const quote = readQuotePayload(locked.payload);
    // The wallet is locked first (see lockOwnWallet), then read with its currency and owner.
    const wallet = (await lockOwnWallet(trx, userId, quote.walletId)) ? await findOwnWallet(trx, userId, quote.walletId) : undefined;
    if (!wallet) throw unprocessable(QUOTE_INVALID);
    await assertWithinDailyLimit(trx, wallet, quote, now);
    const { transactionId, result } = await authorizeAndRecord(deps, trx, acquirer, checked.card, locked.id, wallet, quote);
    await consumeQuote(trx, locked.id, transactionId, { ...result });
    return result;
  });
  return answer(stored);
}
