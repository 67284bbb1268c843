// Deposit by card (spec 1, screens 18 and 19; ARCHITECTURE.md sections 4 and 5).
//
//   1. get-allowed-payment-methods: the DEPOSIT methods of the wallet's currency.
//   2. check-balance-and-limits: prices the deposit (charges on top: the card pays A+F+V, the
//      wallet gets A), checks the method's limits and returns a quote hash (10 minutes).
//   3. initiate-deposit: checks the card and authorizes A+F+V with the acquirer, in one
//      database transaction that holds the quote row:
//        approved  -> the deposit is posted at once (status 1); bypass3DS 1; quote consumed.
//        challenge -> a pending transaction (status 0, no entries) and a 3-D Secure page; the
//                     gateway posts it on Approve (see gateway/card-payments.service.ts);
//                     quote consumed.
//        declined  -> a failed transaction (status 2, no entries) and a 422; the quote stays
//                     open until it expires, so the user can try another card on the same
//                     screen (at most DECLINES_PER_QUOTE_MAX times, then CARD_ATTEMPTS_EXHAUSTED).
//      Only an approved or challenged card consumes the quote, so the same hash never charges a
//      card twice: once consumed, a repeated initiate answers the first result and authorizes
//      nothing. Each attempt gives the acquirer its own reference (quote and attempt number), so
//      a retry of one attempt can be deduplicated and a new card is a new authorization.
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
} from '@paywallet/ledger';
import { TRANSACTION_STATUS, type TPaymentMethod, type TQuote } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { fail, failure } from '../../transport/errors.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { postEntries, recordUnpostedTransaction, type PostingTransaction } from '../ledger/ledger.service.ts';
import { consumeQuote, createQuote, lockQuote, recordFailedAttempt, type LockedQuote } from '../quotes/quotes.service.ts';
import type { Acquirer, DeclineReason } from '../gateway/acquirer.ts';
import { PaymentCard } from '../gateway/card.ts';
import { cardPaymentPosting, depositQuotePostingKey, notifyDepositOutcome } from '../gateway/card-postings.ts';
import { challengeUrl, openChallenge } from '../gateway/card-payments.service.ts';
import { fullName } from '../../lib/display-text.ts';
import { findOwnWallet, type WalletWithCurrency } from '../wallets/wallets.service.ts';
import {
  findPaymentMethod,
  listPaymentMethods,
  privilegeOf,
  quoteRefusal,
  startOfUtcDay,
  type LimitContext,
} from '../payment-methods/payment-methods.service.ts';
import { lockOwnWallet, sumDepositedSinceMinor } from './deposits.repository.ts';

/** Declined cards one deposit quote takes before the user must start again (card testing stays slow). */
export const DECLINES_PER_QUOTE_MAX = 3;

export type DepositResult =
  | { bypass3DS: 1; paymentUrl: null; transactionId: string; status: 'success' }
  | { bypass3DS: 0; paymentUrl: string; transactionId: string; status: 'pending' };
/** What a consumed quote remembers: the answer of its first initiate, a refusal included. */
type StoredResult = DepositResult | { status: 'failed'; transactionId: string; reason: 'CARD_DECLINED' | 'CARD_INSUFFICIENT_FUNDS' };

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

function limitsOf(wallet: WalletWithCurrency, privilege: PaymentMethodPrivilege, usedTodayMinor: bigint): LimitContext {
  return {
    currencyCode: wallet.currency_code,
    decimals: wallet.currency_decimals,
    minAmountMinor: privilege.minAmountMinor,
    maxAmountMinor: privilege.maxAmountMinor,
    dailyLimitMinor: privilege.dailyLimitMinor,
    usedTodayMinor,
  };
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
  if (!wallet) fail('WALLET_NOT_FOUND');
  const method = await findPaymentMethod(deps.db, 'DEPOSIT', wallet.currency_id, input.paymentMethodId);
  if (!method) fail('METHOD_NOT_AVAILABLE');
  const privilege = privilegeOf(method);
  const usedTodayMinor = await sumDepositedSinceMinor(deps.db, userId, wallet.currency_id, method.payment_method_id, startOfUtcDay(now));
  const quoted = quoteCharges({
    amountMinor: input.amountMinor,
    privilege,
    vatBps: BigInt(deps.config.vatBps),
    deductChargesFromAmount: false,
    usedTodayMinor,
  });
  if (!quoted.ok) throw quoteRefusal(quoted.code, limitsOf(wallet, privilege, usedTodayMinor));

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

function declineReason(reason: DeclineReason): 'CARD_DECLINED' | 'CARD_INSUFFICIENT_FUNDS' {
  switch (reason) {
    case 'declined':
      return 'CARD_DECLINED';
    case 'insufficient_funds':
      return 'CARD_INSUFFICIENT_FUNDS';
    default:
      return assertNever(reason);
  }
}

function depositMovement(
  wallet: WalletWithCurrency,
  quote: DepositQuote,
  card: PaymentCard,
  status: number,
  extra: Pick<PostingTransaction, 'gatewayReferenceId' | 'approvalCode' | 'failureReason' | 'postingKey'>,
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
    throw quoteRefusal('DAILY_LIMIT_EXCEEDED', {
      currencyCode: wallet.currency_code,
      decimals: wallet.currency_decimals,
      minAmountMinor: 0n,
      maxAmountMinor: 0n,
      dailyLimitMinor: quote.dailyLimitMinor,
      usedTodayMinor,
    });
  }
}

async function authorizeAndRecord(
  deps: Deps,
  trx: Transaction<Database>,
  acquirer: Acquirer,
  card: PaymentCard,
  locked: LockedQuote,
  wallet: WalletWithCurrency,
  quote: DepositQuote,
): Promise<{ transactionId: bigint; result: StoredResult }> {
  const reference = attemptReference(locked);
  const deposit = (uuid: string) => ({
    userId: wallet.user_id,
    transactionUuid: uuid,
    amountMinor: quote.charges.amountMinor,
    currency: wallet.currency_code,
    decimals: wallet.currency_decimals,
  });
  const authorization = await acquirer.authorize(card, quote.charges.totalDebitMinor, wallet.currency_code, reference);
  switch (authorization.outcome) {
    case 'approved': {
      const movement = depositMovement(wallet, quote, card, TRANSACTION_STATUS.SUCCESS, {
        gatewayReferenceId: authorization.gatewayReference,
        approvalCode: authorization.approvalCode,
        postingKey: depositQuotePostingKey(locked.id),
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
      const reason = declineReason(authorization.reason);
      const message = failure(reason).message;
      const movement = depositMovement(wallet, quote, card, TRANSACTION_STATUS.FAILED, { failureReason: message });
      const { transactionId, uuid } = await recordUnpostedTransaction(trx, movement);
      await notifyDepositOutcome(trx, deposit(uuid), { ok: false, reason: message });
      return { transactionId, result: { status: 'failed', transactionId: uuid, reason } };
    }
    default:
      return assertNever(authorization);
  }
}

/** A declined card is a recorded outcome: committed first, then answered as a refusal. */
function answer(result: StoredResult): DepositResult {
  if (result.status === 'failed') throw failure(result.reason, { data: { transactionId: result.transactionId } });
  return result;
}

export async function initiateDeposit(
  deps: Deps,
  acquirer: Acquirer,
  audit: AuditTrail,
  userId: bigint,
  input: { hash: string; card: { holderName: string; number: string; expMonth: string; expYear: string; cvc: string } },
  now = new Date(),
): Promise<DepositResult> {
  // The card is checked before anything is read or written: a typo costs no quote.
  const checked = PaymentCard.check(input.card, now);
  if (!checked.ok) fail(checked.code);

  const stored = await deps.db.transaction().execute(async (trx): Promise<StoredResult> => {
    const locked = await lockQuote(trx, input.hash, userId, 'deposit');
    if (locked.previousResult) {
      // Initiated before: the same answer, and the card is not charged again.
      const previous = locked.previousResult as unknown as StoredResult;
      await audit.record(trx, { subject: { type: 'transaction', id: previous.transactionId }, detail: { repeated: true } });
      return previous;
    }
    if (locked.failedAttempts >= DECLINES_PER_QUOTE_MAX) fail('CARD_ATTEMPTS_EXHAUSTED');
    const quote = readQuotePayload(locked.payload);
    // The wallet is locked first (see lockOwnWallet), then read with its currency and owner.
    const wallet = (await lockOwnWallet(trx, userId, quote.walletId)) ? await findOwnWallet(trx, userId, quote.walletId) : undefined;
    if (!wallet) fail('QUOTE_INVALID');
    await assertWithinDailyLimit(trx, wallet, quote, now);
    const { transactionId, result } = await authorizeAndRecord(deps, trx, acquirer, checked.card, locked, wallet, quote);
    await settleQuote(trx, locked, transactionId, result);
    await audit.record(trx, { subject: { type: 'transaction', id: result.transactionId }, detail: { outcome: result.status } });
    return result;
  });
  return answer(stored);
}

/** Ours, per quote and attempt: a retry of one attempt keeps it, another card after a decline gets a new one. */
function attemptReference(quote: LockedQuote): string {
  return `deposit-${quote.id}-${quote.failedAttempts + 1}`;
}

/** An approved or challenged card uses the quote up; a declined one leaves it open for another card. */
async function settleQuote(trx: Transaction<Database>, quote: LockedQuote, transactionId: bigint, result: StoredResult): Promise<void> {
  if (result.status === 'failed') {
    await recordFailedAttempt(trx, quote);
    return;
  }
  await consumeQuote(trx, quote.id, transactionId, { ...result });
}
