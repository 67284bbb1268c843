// The model-based test of money (issue 16): random sequences of every movement the platform
// makes today, run against a plain model of the balances. Two merchants per run (fresh each
// run), each with a settlement configuration drawn at random (aggregate with or without a
// rolling reserve held 0 s or a day, or direct), and one administrator for the console. The
// operations: card deposits (check-balance-and-limits + initiate-deposit), send money between the
// merchants (charges on top or deducted), card payments through the payments core (the API and
// POS doors' chargeCard), refunds (asked in the back office, approved or rejected in the
// console, paid by the process-refund job; and the API's refund, approved at once), settlement
// runs by hand with a cut-off (now, or just before one of the run's payments), reserve releases
// (a release run now, or at an instant past every hold), withdrawals (asked, paid, rejected).
//
// The model computes every amount itself: deposit and send-money charges from the payment
// method's privileges (quoteCharges), card payment fees from the merchant's fee schedule
// (merchantFeeOf over the schedule the test gave), the refund's bucket (available first, else on
// hold, else the job rejects it), the settlement's S and reserve R from the payments and refunds
// it tracks. After every step: each wallet's available and on hold, the reserve wallets, the
// fee, VAT, payouts and gateway accounts (their movement during the run) equal the model, and
// the ledger invariants hold. A step the model refuses must be refused by the named error and
// change no money row.
//
// Runs: MONEY_MODEL_RUNS (default 100 in the suite: 1,000 take about 7 minutes on PostgreSQL,
// the whole ledger read after every step; docs/money-model.md); fast-check's seed is printed on failure, and
// MONEY_MODEL_SEED replays one (with MONEY_MODEL_PATH, its shrunk counterexample alone).
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addNewWithdrawalCall,
  addWithdrawalMethodCall,
  adminProcessRefundCall,
  adminProcessWithdrawalCall,
  adminRunSettlementsCall,
  checkBalanceAndLimitsCall,
  confirmSendMoneyCall,
  createRefundRequestCall,
  initiateDepositCall,
  initiateSendMoneyCall,
  type TErrorName,
} from '@paywallet/contract';
import { quoteCharges, type PaymentMethodPrivilege } from '@paywallet/ledger';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { countMoneyRows, expectLedgerInvariants } from '../../test/money.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { createTestAdmin, type TestAdmin } from '../../test/admin.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { startBatchRun } from '../../jobs/batch-runs.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { chargeCard, checkPaymentCard } from '../merchant-payments/merchant-payments.service.ts';
import { openAttempt } from '../merchant-payments/attempts.service.ts';
import { merchantFeeOf } from '../merchant-payments/fees.service.ts';
import { refundPayment } from '../merchant-payments/refund.service.ts';
import { AppError } from '../../transport/errors.ts';
import { setSettlementConfig } from '../settlements/settlements.service.ts';
import { RESERVE_RELEASE_BATCH } from '../settlements/settlements.jobs.ts';

const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? 100);
/**
 * The suite draws from a constant seed (test/random.ts's rule: a constant or an environment
 * variable), so what it covers is the same on every run and every machine; MONEY_MODEL_SEED=<n>
 * draws another sequence, MONEY_MODEL_SEED=random a new one each time (fast-check prints it).
 */
const SEED_DEFAULT = 20_261_126;
const SEED = process.env.MONEY_MODEL_SEED === 'random' ? undefined : Number(process.env.MONEY_MODEL_SEED ?? SEED_DEFAULT);
/** With the seed, the path fast-check printed: replays the shrunk counterexample alone. */
const REPLAY_PATH = process.env.MONEY_MODEL_PATH;
const MERCHANTS = 2;
const CURRENCY = 'AED';
const FUTURE_YEAR = new Date().getUTCFullYear() + 3;
/** The card fee schedule every test merchant gets: VISA and MASTERCARD in AED at 2.5% + 1.00. */
const CARD_FEE_BPS = 250;
const CARD_FEE = { percentageBps: BigInt(CARD_FEE_BPS), fixedMinor: 100n };
const IBAN = 'AE07 0331 2345 6789 0123 456';
const BIC = 'nbadaeaaxxx';
const DAY_MS = 86_400_000;
const AGGREGATE = 1;
const DIRECT = 2;

let t: TestApp;
let admin: TestAdmin;
let runner: JobRunner;
let vatBps: bigint;
let walletPrivilege: PaymentMethodPrivilege;
let cardPrivilege: PaymentMethodPrivilege;
let cardMethodId: number;
let bankTransferId: number;

async function privilegeOf(methodCode: string): Promise<PaymentMethodPrivilege> {
  const row = await t.deps.db
    .selectFrom('privileges')
    .innerJoin('currency_payment_methods', 'currency_payment_methods.id', 'privileges.currency_payment_method_id')
    .innerJoin('payment_methods', 'payment_methods.id', 'currency_payment_methods.payment_method_id')
    .innerJoin('currencies', 'currencies.id', 'currency_payment_methods.currency_id')
    .selectAll('privileges')
    .where('payment_methods.code', '=', methodCode)
    .where('currencies.code', '=', CURRENCY)
    .executeTakeFirstOrThrow();
  return {
    vpPercentageBps: BigInt(row.vp_percentage_bps),
    gwPercentageBps: BigInt(row.gw_percentage_bps),
    vpFixedMinor: row.vp_fixed_minor,
    gwFixedMinor: row.gw_fixed_minor,
    minAmountMinor: row.min_amount_minor,
    maxAmountMinor: row.max_amount_minor,
    dailyLimitMinor: row.daily_limit_minor,
  };
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  admin = await createTestAdmin(t);
  runner = new JobRunner(t.deps, { runnerId: 'money-model-runner', pollIntervalMs: 20 });
  vatBps = BigInt(t.deps.config.vatBps);
  walletPrivilege = await privilegeOf('WALLET');
  cardPrivilege = await privilegeOf('CARD');
  cardMethodId = (await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'CARD').executeTakeFirstOrThrow()).id;
  bankTransferId = (
    await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'BANK_TRANSFER').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t.close());

// ---- the operations ------------------------------------------------------------------------------

type Op =
  | { kind: 'deposit'; m: number; amount: number }
  | { kind: 'transfer'; from: number; share: number; deduct: boolean }
  | { kind: 'pay'; m: number; door: 'api' | 'pos'; amount: number; declined: boolean }
  | { kind: 'refund-request'; m: number; payment: number; share: number | 'whole' }
  | { kind: 'refund-decide'; refund: number; approve: boolean; anyState: boolean }
  | { kind: 'api-refund'; m: number; payment: number; share: number }
  | { kind: 'settle'; m: number; before: number | 'now' }
  | { kind: 'release'; later: boolean }
  | { kind: 'withdraw'; m: number; share: number }
  | { kind: 'withdraw-decide'; withdrawal: number; paid: boolean; anyState: boolean };

const merchantIndex = fc.integer({ min: 0, max: MERCHANTS - 1 });
/** An index into a list the run builds (payments, refunds, withdrawals), taken modulo its length. */
const pick = fc.nat({ max: 20 });
/**
 * A share of what is left, in percent: up to 100 an amount the platform must accept (at least
 * 0.01), past 100 more than is left, which it must refuse.
 */
const share = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 100 }) },
  { weight: 1, arbitrary: fc.integer({ min: 101, max: 150 }) },
);
/** Mostly a Pending one (the decision applies), sometimes any (one already decided is refused). */
const anyState = fc.integer({ min: 0, max: 5 }).map((n) => n === 0);

/** `percent` of `left`: at least 1 when within it; past 100, more than `left`. */
function shareOf(left: bigint, percent: number): bigint {
  if (percent > 100) return left + 1n + (left * BigInt(percent - 100)) / 100n;
  const amount = (left * BigInt(percent)) / 100n;
  return amount > 0n ? amount : 1n;
}

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('deposit' as const), m: merchantIndex, amount: fc.integer({ min: 50, max: 80_000 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      from: merchantIndex,
      share,
      deduct: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      m: merchantIndex,
      door: fc.constantFrom('api' as const, 'pos' as const),
      // Below 1.05 the fee and VAT eat the whole amount: CHARGES_EXCEED_AMOUNT.
      amount: fc.integer({ min: 90, max: 60_000 }),
      declined: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('refund-request' as const),
      m: merchantIndex,
      payment: pick,
      share: fc.oneof(fc.constant('whole' as const), share),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('refund-decide' as const), refund: pick, approve: fc.boolean(), anyState }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('api-refund' as const), m: merchantIndex, payment: pick, share }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('settle' as const), m: merchantIndex, before: fc.oneof(fc.constant('now' as const), pick) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('release' as const), later: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), m: merchantIndex, share }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('withdraw-decide' as const), withdrawal: pick, paid: fc.boolean(), anyState }) },
);

/** A merchant's settlement configuration: aggregate with a reserve (0%, 10%, 25%) held 0 s or a day, or direct. */
interface SettlementSetup {
  type: typeof AGGREGATE | typeof DIRECT;
  reserveBps: number;
  holdSeconds: number;
  /** A direct override on the POS channel (the channel's configuration before the merchant's). */
  posDirect: boolean;
}
const setupArbitrary: fc.Arbitrary<SettlementSetup> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant(AGGREGATE as typeof AGGREGATE),
      reserveBps: fc.constantFrom(1000, 2500),
      holdSeconds: fc.constantFrom(0, 86_400),
      posDirect: fc.boolean(),
    }),
  },
  fc.record({
    type: fc.constant(AGGREGATE as typeof AGGREGATE),
    reserveBps: fc.constantFrom(0, 1000, 2500),
    holdSeconds: fc.constantFrom(0, 86_400),
    posDirect: fc.boolean(),
  }),
  fc.record({
    type: fc.constant(DIRECT as typeof DIRECT),
    reserveBps: fc.constant(0),
    holdSeconds: fc.constant(0),
    posDirect: fc.constant(false),
  }),
);

// ---- the model -----------------------------------------------------------------------------------

interface ModelPayment {
  m: number;
  channel: 'online' | 'pos';
  transactionId: bigint;
  uuid: string;
  amount: bigint;
  net: bigint;
  createdMs: number;
  settled: boolean;
  processed: bigint;
  open: bigint;
}
interface ModelRefund {
  payment: ModelPayment;
  id: number;
  amount: bigint;
  status: 'pending' | 'processed' | 'rejected';
  bucket: 'available' | 'on_hold' | null;
  settled: boolean;
}
interface ModelReserve {
  m: number;
  amount: bigint;
  releaseAtMs: number;
  released: boolean;
}
interface ModelWithdrawal {
  m: number;
  id: number;
  amount: bigint;
  status: 'pending' | 'paid' | 'rejected';
}
interface Wallet {
  available: bigint;
  onHold: bigint;
  reserve: bigint;
  usedToday: { deposit: bigint; send: bigint };
}
interface Run {
  merchants: TestMerchant[];
  setups: SettlementSetup[];
  methods: number[];
  wallets: Wallet[];
  system: Record<'gateway' | 'fees' | 'vat' | 'payouts', bigint>;
  baseline: Record<'gateway' | 'fees' | 'vat' | 'payouts', bigint>;
  payments: ModelPayment[];
  refunds: ModelRefund[];
  reserves: ModelReserve[];
  withdrawals: ModelWithdrawal[];
  usedCutoffs: Set<string>;
  counts: Record<string, number>;
}

let lastReleaseMs = 0;
let descriptionCounter = 0;

async function systemTotals(): Promise<Record<'gateway' | 'fees' | 'vat' | 'payouts', bigint>> {
  const rows = await sql<{ system_account: string; total: string | bigint | null }>`
    SELECT system_account, sum(amount) AS total FROM ledger_entries
     WHERE system_account IS NOT NULL AND currency = ${CURRENCY} GROUP BY system_account`.execute(t.deps.db);
  const totals = { gateway: 0n, fees: 0n, vat: 0n, payouts: 0n };
  for (const row of rows.rows) totals[row.system_account as keyof typeof totals] = BigInt(row.total ?? 0);
  return totals;
}

async function storedWallets(run: Run) {
  const stored = [];
  for (const merchant of run.merchants) {
    const rows = await t.deps.db
      .selectFrom('wallets')
      .select(['available_balance', 'balance_on_hold', 'is_default'])
      .where('user_id', '=', merchant.id)
      .execute();
    const main = rows.find((row) => row.is_default === 1)!;
    const reserve = rows.find((row) => row.is_default === 2);
    stored.push({ available: main.available_balance, onHold: main.balance_on_hold, reserve: reserve?.available_balance ?? 0n });
  }
  return stored;
}

async function expectModel(run: Run, step: string): Promise<void> {
  const stored = await storedWallets(run);
  expect(stored, step).toEqual(run.wallets.map(({ available, onHold, reserve }) => ({ available, onHold, reserve })));
  const totals = await systemTotals();
  const moved = {
    gateway: totals.gateway - run.baseline.gateway,
    fees: totals.fees - run.baseline.fees,
    vat: totals.vat - run.baseline.vat,
    payouts: totals.payouts - run.baseline.payouts,
  };
  expect(moved, step).toEqual(run.system);
  await expectLedgerInvariants(t);
}

/** A step the model refuses: the platform names the same refusal and writes no money row. */
async function expectRefused(answer: () => Promise<{ reason?: TErrorName | undefined; message?: string }>, reason: TErrorName, run: Run) {
  const before = await countMoneyRows(t);
  const got = await answer();
  expect(got.reason, got.message).toBe(reason);
  expect(await countMoneyRows(t)).toEqual(before);
  run.counts.refused = (run.counts.refused ?? 0) + 1;
}

function accepted(run: Run, kind: string) {
  run.counts[kind] = (run.counts[kind] ?? 0) + 1;
}

function channelOf(merchant: TestMerchant, type: 'online' | 'pos'): bigint {
  return merchant.stores[0]!.terminals[0]!.channels.find((channel) => channel.type === type)!.id;
}

/** A service refusal (AppError) as an answer, so refusals read alike whatever the door. */
async function asAnswer<T>(work: () => Promise<T>): Promise<{ reason?: TErrorName; message?: string; value?: T }> {
  try {
    return { value: await work() };
  } catch (error) {
    if (error instanceof AppError) return { reason: error.reason as TErrorName, message: error.message };
    throw error;
  }
}

// ---- the steps -----------------------------------------------------------------------------------

async function deposit(run: Run, op: Extract<Op, { kind: 'deposit' }>) {
  const merchant = run.merchants[op.m]!;
  const wallet = run.wallets[op.m]!;
  const quote = quoteCharges({
    amountMinor: BigInt(op.amount),
    privilege: cardPrivilege,
    vatBps,
    deductChargesFromAmount: false,
    usedTodayMinor: wallet.usedToday.deposit,
  });
  const body = { amount: op.amount, userAccountId: Number(merchant.wallets.AED), paymentMethodId: cardMethodId, type: 'DEPOSIT' as const };
  if (!quote.ok) {
    await expectRefused(() => t.call(checkBalanceAndLimitsCall, body, { token: merchant.token }), quote.code as TErrorName, run);
    return;
  }
  const checked = await t.call(checkBalanceAndLimitsCall, body, { token: merchant.token });
  expect(checked.status, checked.message).toBe(200);
  expect({ fee: checked.data.fee, vat: checked.data.vat }).toEqual({ fee: Number(quote.feeMinor), vat: Number(quote.vatMinor) });
  const done = await t.call(
    initiateDepositCall,
    {
      hash: checked.data.hash,
      cardHolderName: 'Omar Nasser',
      cardNumber: SANDBOX_CARDS.approved,
      expMonth: '09',
      expYear: String(FUTURE_YEAR % 100),
      cvc: '123',
    },
    { token: merchant.token },
  );
  expect(done.status, done.message).toBe(200);
  wallet.available += quote.amountMinor;
  wallet.usedToday.deposit += BigInt(op.amount);
  run.system.gateway -= quote.totalDebitMinor;
  run.system.fees += quote.feeMinor;
  run.system.vat += quote.vatMinor;
  accepted(run, 'deposit');
}

async function transfer(run: Run, op: Extract<Op, { kind: 'transfer' }>) {
  const to = (op.from + 1) % MERCHANTS;
  const payer = run.merchants[op.from]!;
  const wallet = run.wallets[op.from]!;
  const amount = shareOf(wallet.available, op.share);
  const quote = quoteCharges({
    amountMinor: amount,
    privilege: walletPrivilege,
    vatBps,
    deductChargesFromAmount: op.deduct,
    usedTodayMinor: wallet.usedToday.send,
  });
  const body = {
    emailOrPhone: run.merchants[to]!.phone,
    amount: Number(amount),
    payerAccountId: Number(payer.wallets.AED),
    deductChargesFromTransactionAmount: op.deduct ? 1 : 0,
  };
  if (!quote.ok) {
    await expectRefused(() => t.call(initiateSendMoneyCall, body, { token: payer.token }), quote.code as TErrorName, run);
    return;
  }
  if (wallet.available < quote.totalDebitMinor) {
    await expectRefused(() => t.call(initiateSendMoneyCall, body, { token: payer.token }), 'INSUFFICIENT_FUNDS', run);
    return;
  }
  const initiated = await t.call(initiateSendMoneyCall, body, { token: payer.token });
  expect(initiated.status, initiated.message).toBe(200);
  expect({ fee: initiated.data.fee, vat: initiated.data.vat }).toEqual({ fee: Number(quote.feeMinor), vat: Number(quote.vatMinor) });
  const confirmed = await t.call(confirmSendMoneyCall, { transactionHash: initiated.data.hash }, { token: payer.token });
  expect(confirmed.status, confirmed.message).toBe(200);
  wallet.available -= quote.totalDebitMinor;
  wallet.usedToday.send += amount;
  run.wallets[to]!.available += quote.amountMinor;
  run.system.fees += quote.feeMinor;
  run.system.vat += quote.vatMinor;
  accepted(run, 'transfer');
}

async function pay(run: Run, op: Extract<Op, { kind: 'pay' }>) {
  const merchant = run.merchants[op.m]!;
  const amount = BigInt(op.amount);
  const fee = merchantFeeOf(amount, CARD_FEE, vatBps);
  const charge = async () => {
    const { attemptId } = await openAttempt(t.deps.db, {
      merchantUserId: merchant.id,
      paymentToken: `model-${op.door}`,
      ip: '198.51.100.7',
      message: 'Model payment',
    });
    return chargeCard(t.deps, {
      merchantUserId: merchant.id,
      channelId: channelOf(merchant, op.door === 'api' ? 'online' : 'pos'),
      kind: op.door,
      currency: CURRENCY,
      amountMinor: amount,
      card: checkPaymentCard({
        holderName: 'Jane Doe',
        number: op.declined ? SANDBOX_CARDS.declined : SANDBOX_CARDS.approved,
        expMonth: 12,
        expYear: FUTURE_YEAR,
        cvc: '123',
      }),
      customer: { name: 'Jane Doe', email: 'jane@example.com' },
      capture: 'automatic',
      attemptId,
      ip: '198.51.100.7',
      threeDSecure: op.door === 'pos' ? 'refuse' : 'allow',
    });
  };
  if (fee.netMinor <= 0n) {
    await expectRefused(() => asAnswer(charge), 'CHARGES_EXCEED_AMOUNT', run);
    return;
  }
  const before = await countMoneyRows(t);
  const payment = await charge();
  if (op.declined) {
    expect(payment.status).toBe('failed');
    const after = await countMoneyRows(t);
    expect(after.ledger_entries).toBe(before.ledger_entries);
    run.counts.declined = (run.counts.declined ?? 0) + 1;
    return;
  }
  expect(payment.status).toBe('succeeded');
  const row = await sql<{ ms: string }>`
    SELECT floor(extract(epoch FROM created_at) * 1000)::bigint::text AS ms FROM transactions WHERE id = ${payment.transactionId}`.execute(
    t.deps.db,
  );
  run.payments.push({
    m: op.m,
    channel: op.door === 'api' ? 'online' : 'pos',
    transactionId: payment.transactionId,
    uuid: payment.uuid,
    amount,
    net: fee.netMinor,
    createdMs: Number(row.rows[0]!.ms),
    settled: false,
    processed: 0n,
    open: 0n,
  });
  run.wallets[op.m]!.onHold += fee.netMinor;
  run.system.gateway -= amount;
  run.system.fees += fee.feeMinor;
  run.system.vat += fee.vatMinor;
  accepted(run, 'pay');
}

/** What the merchant's pending withdrawals hold on hold: neither a refund nor a settlement takes it. */
function withdrawalHolds(run: Run, m: number): bigint {
  return run.withdrawals
    .filter((withdrawal) => withdrawal.m === m && withdrawal.status === 'pending')
    .reduce((sum, withdrawal) => sum + withdrawal.amount, 0n);
}

/**
 * Takes a refund of R from the merchant's wallet as the platform does: available when it covers
 * R, else on hold when what pending withdrawals do not hold there covers it, else none.
 */
function refundBucket(run: Run, m: number, amount: bigint): 'available' | 'on_hold' | null {
  const wallet = run.wallets[m]!;
  if (wallet.available >= amount) return 'available';
  if (wallet.onHold - withdrawalHolds(run, m) >= amount) return 'on_hold';
  return null;
}

function postRefundInModel(run: Run, refund: ModelRefund, bucket: 'available' | 'on_hold') {
  const wallet = run.wallets[refund.payment.m]!;
  if (bucket === 'available') wallet.available -= refund.amount;
  else wallet.onHold -= refund.amount;
  refund.bucket = bucket;
  refund.status = 'processed';
  refund.payment.processed += refund.amount;
  run.system.gateway += refund.amount;
}

function paymentsOf(run: Run, m: number) {
  return run.payments.filter((payment) => payment.m === m);
}

async function refundRequest(run: Run, op: Extract<Op, { kind: 'refund-request' }>) {
  const mine = paymentsOf(run, op.m);
  if (mine.length === 0) return;
  const payment = mine[op.payment % mine.length]!;
  const merchant = run.merchants[op.m]!;
  const remaining = payment.amount - payment.processed - payment.open;
  const amount = op.share === 'whole' ? remaining : shareOf(remaining, op.share);
  descriptionCounter += 1;
  const description = `model refund ${descriptionCounter}`;
  // A whole refund sends no amount: all that remains.
  const body =
    op.share === 'whole'
      ? { transactionId: payment.uuid, isPartial: 0, description }
      : { transactionId: payment.uuid, amount: Number(amount), isPartial: 1, description };
  if (remaining <= 0n || amount > remaining) {
    await expectRefused(() => t.call(createRefundRequestCall, body, { token: merchant.token }), 'REFUND_EXCEEDS_REMAINING', run);
    return;
  }
  const before = await countMoneyRows(t);
  const created = await t.call(createRefundRequestCall, body, { token: merchant.token });
  expect(created.status, created.message).toBe(200);
  expect(created.data.amount).toBe(Number(amount));
  // Asking moves no money.
  expect((await countMoneyRows(t)).ledger_entries).toBe(before.ledger_entries);
  payment.open += amount;
  run.refunds.push({ payment, id: created.data.id, amount, status: 'pending', bucket: null, settled: false });
  accepted(run, 'refund-request');
}

async function refundDecide(run: Run, op: Extract<Op, { kind: 'refund-decide' }>) {
  const pending = run.refunds.filter((refund) => refund.status === 'pending');
  const among = op.anyState || pending.length === 0 ? run.refunds : pending;
  if (among.length === 0) return;
  const refund = among[op.refund % among.length]!;
  const body = op.approve
    ? { refundId: refund.id, status: 2 as const }
    : { refundId: refund.id, status: 4 as const, comment: 'Not this one' };
  if (refund.status !== 'pending') {
    await expectRefused(() => t.call(adminProcessRefundCall, body, { token: admin.token }), 'REFUND_NOT_PENDING', run);
    return;
  }
  const decided = await t.call(adminProcessRefundCall, body, { token: admin.token });
  expect(decided.status, decided.message).toBe(200);
  refund.payment.open -= refund.amount;
  if (!op.approve) {
    refund.status = 'rejected';
    accepted(run, 'refund-rejected');
    return;
  }
  await runner.drain();
  const stored = await t.deps.db
    .selectFrom('refund_requests')
    .select('status')
    .where('id', '=', BigInt(refund.id))
    .executeTakeFirstOrThrow();
  const bucket = refundBucket(run, refund.payment.m, refund.amount);
  if (bucket === null) {
    // The wallet cannot pay: the job rejects the refund and nothing moves.
    expect(stored.status).toBe(4);
    refund.status = 'rejected';
    accepted(run, 'refund-unpayable');
    return;
  }
  expect(stored.status).toBe(2);
  postRefundInModel(run, refund, bucket);
  accepted(run, `refund-paid-${bucket}`);
}

async function apiRefund(run: Run, op: Extract<Op, { kind: 'api-refund' }>) {
  const mine = paymentsOf(run, op.m);
  if (mine.length === 0) return;
  const payment = mine[op.payment % mine.length]!;
  const merchant = run.merchants[op.m]!;
  const remaining = payment.amount - payment.processed - payment.open;
  const amount = shareOf(remaining, op.share);
  const refund = () =>
    asAnswer(() =>
      refundPayment(t.deps, {
        merchantUserId: merchant.id,
        transactionId: payment.transactionId,
        amountMinor: amount,
        source: 'api',
        ip: '198.51.100.7',
      }),
    );
  if (amount > remaining) {
    await expectRefused(refund, 'REFUND_EXCEEDS_REMAINING', run);
    return;
  }
  const bucket = refundBucket(run, op.m, amount);
  if (bucket === null) {
    await expectRefused(refund, 'REFUND_BALANCE_INSUFFICIENT', run);
    return;
  }
  const answer = await refund();
  expect(answer.reason, answer.message).toBeUndefined();
  const request = await t.deps.db
    .selectFrom('refund_requests')
    .select('id')
    .where('uuid', '=', answer.value!.refund.uuid)
    .executeTakeFirstOrThrow();
  const model: ModelRefund = { payment, id: Number(request.id), amount, status: 'pending', bucket: null, settled: false };
  postRefundInModel(run, model, bucket);
  run.refunds.push(model);
  accepted(run, `api-refund-${bucket}`);
}

async function settle(run: Run, op: Extract<Op, { kind: 'settle' }>) {
  const merchant = run.merchants[op.m]!;
  const mine = paymentsOf(run, op.m);
  let cutoffMs: number;
  if (op.before === 'now' || mine.length === 0) cutoffMs = Date.now();
  else cutoffMs = mine[op.before % mine.length]!.createdMs;
  const name = `${op.m}:${cutoffMs}`;
  const repeated = run.usedCutoffs.has(name);
  run.usedCutoffs.add(name);
  const started = await t.call(
    adminRunSettlementsCall,
    { merchantUserId: Number(merchant.id), cutoff: new Date(cutoffMs).toISOString() },
    { token: admin.token },
  );
  expect(started.status, started.message).toBe(200);
  await runner.drain();
  // The model's settlement: per channel (online, then POS: the channels' id order), the payments
  // made before the cut-off and not yet settled, less the refunds of theirs that took on hold.
  const setup = run.setups[op.m]!;
  const wallet = run.wallets[op.m]!;
  for (const channel of ['online', 'pos'] as const) {
    if (repeated) break;
    const eligible = mine.filter((payment) => payment.channel === channel && !payment.settled && payment.createdMs < cutoffMs);
    if (eligible.length === 0) continue;
    const refunds = run.refunds.filter(
      (refund) => eligible.includes(refund.payment) && refund.status === 'processed' && refund.bucket === 'on_hold' && !refund.settled,
    );
    for (const payment of eligible) payment.settled = true;
    for (const refund of refunds) refund.settled = true;
    const left = eligible.reduce((sum, payment) => sum + payment.net, 0n) - refunds.reduce((sum, refund) => sum + refund.amount, 0n);
    const free = wallet.onHold - withdrawalHolds(run, op.m);
    let settled = left < free ? left : free;
    if (settled < 0n) settled = 0n;
    const type = channel === 'pos' && setup.posDirect ? DIRECT : setup.type;
    const reserve = type === AGGREGATE ? (settled * BigInt(setup.reserveBps)) / 10_000n : 0n;
    wallet.onHold -= settled;
    if (type === DIRECT) {
      run.system.payouts += settled;
    } else {
      wallet.available += settled - reserve;
      wallet.reserve += reserve;
      if (reserve > 0n)
        run.reserves.push({ m: op.m, amount: reserve, releaseAtMs: Date.now() + setup.holdSeconds * 1000, released: false });
    }
    accepted(run, `settled-${type === DIRECT ? 'direct' : 'aggregate'}`);
  }
  // The reserves' real release instants (the model guessed them after the run: they are only compared as ≤ a release instant).
  const stored = await t.deps.db
    .selectFrom('rolling_reserves')
    .select(['amount', 'release_at'])
    .where('merchant_user_id', '=', merchant.id)
    .orderBy('id')
    .execute();
  const modelled = run.reserves.filter((reserve) => reserve.m === op.m);
  expect(stored.map((row) => row.amount)).toEqual(modelled.map((reserve) => reserve.amount));
  for (const [index, row] of stored.entries()) modelled[index]!.releaseAtMs = row.release_at.getTime();
}

async function release(run: Run, op: Extract<Op, { kind: 'release' }>) {
  // Every release run has a period of its own (the same period is the same run).
  const at = Math.max(Date.now() + (op.later ? 2 * DAY_MS : 0), lastReleaseMs + 1);
  lastReleaseMs = at;
  await startBatchRun(t.deps.db, RESERVE_RELEASE_BATCH, new Date(at).toISOString());
  await runner.drain();
  for (const reserve of run.reserves) {
    if (reserve.released || reserve.releaseAtMs > at) continue;
    reserve.released = true;
    run.wallets[reserve.m]!.reserve -= reserve.amount;
    run.wallets[reserve.m]!.available += reserve.amount;
    accepted(run, 'reserve-released');
  }
}

async function withdraw(run: Run, op: Extract<Op, { kind: 'withdraw' }>) {
  const merchant = run.merchants[op.m]!;
  const wallet = run.wallets[op.m]!;
  const amount = shareOf(wallet.available, op.share);
  const body = { amount: Number(amount), userAccountId: Number(merchant.wallets.AED), withdrawalMethodId: run.methods[op.m]! };
  if (amount > wallet.available) {
    await expectRefused(() => t.call(addNewWithdrawalCall, body, { token: merchant.token }), 'WITHDRAWAL_EXCEEDS_BALANCE', run);
    return;
  }
  const answer = await t.call(addNewWithdrawalCall, body, { token: merchant.token });
  expect(answer.status, answer.message).toBe(200);
  wallet.available -= amount;
  wallet.onHold += amount;
  run.withdrawals.push({ m: op.m, id: answer.data.id, amount, status: 'pending' });
  accepted(run, 'withdraw');
}

async function withdrawDecide(run: Run, op: Extract<Op, { kind: 'withdraw-decide' }>) {
  const pending = run.withdrawals.filter((withdrawal) => withdrawal.status === 'pending');
  const among = op.anyState || pending.length === 0 ? run.withdrawals : pending;
  if (among.length === 0) return;
  const withdrawal = among[op.withdrawal % among.length]!;
  const body = op.paid
    ? { withdrawalId: withdrawal.id, status: 'paid' as const, referenceId: `BANK-${withdrawal.id}` }
    : { withdrawalId: withdrawal.id, status: 'rejected' as const, comment: 'The account is closed' };
  if (withdrawal.status !== 'pending') {
    await expectRefused(() => t.call(adminProcessWithdrawalCall, body, { token: admin.token }), 'WITHDRAWAL_NOT_PENDING', run);
    return;
  }
  const answer = await t.call(adminProcessWithdrawalCall, body, { token: admin.token });
  expect(answer.status, answer.message).toBe(200);
  const wallet = run.wallets[withdrawal.m]!;
  wallet.onHold -= withdrawal.amount;
  if (op.paid) run.system.payouts += withdrawal.amount;
  else wallet.available += withdrawal.amount;
  withdrawal.status = op.paid ? 'paid' : 'rejected';
  accepted(run, op.paid ? 'withdrawal-paid' : 'withdrawal-rejected');
}

async function runStep(run: Run, op: Op): Promise<void> {
  switch (op.kind) {
    case 'deposit':
      return deposit(run, op);
    case 'transfer':
      return transfer(run, op);
    case 'pay':
      return pay(run, op);
    case 'refund-request':
      return refundRequest(run, op);
    case 'refund-decide':
      return refundDecide(run, op);
    case 'api-refund':
      return apiRefund(run, op);
    case 'settle':
      return settle(run, op);
    case 'release':
      return release(run, op);
    case 'withdraw':
      return withdraw(run, op);
    case 'withdraw-decide':
      return withdrawDecide(run, op);
  }
}

async function newRun(setups: SettlementSetup[]): Promise<Run> {
  const merchants: TestMerchant[] = [];
  const methods: number[] = [];
  for (const setup of setups) {
    const merchant = await createTestMerchant(t);
    await giveMerchantFees(t, merchant.id, [
      { scheme: 'VISA', currency: CURRENCY, percentageBps: CARD_FEE_BPS, fixedMinor: CARD_FEE.fixedMinor },
      { scheme: 'MASTERCARD', currency: CURRENCY, percentageBps: CARD_FEE_BPS, fixedMinor: CARD_FEE.fixedMinor },
    ]);
    const base = { merchantUserId: merchant.id, schedule: 'daily' as const, delayDays: 1 };
    await setSettlementConfig(t.deps.db, {
      ...base,
      channelId: null,
      type: setup.type,
      reserveBps: setup.reserveBps,
      reserveHoldSeconds: setup.holdSeconds,
    });
    if (setup.posDirect) {
      await setSettlementConfig(t.deps.db, {
        ...base,
        channelId: channelOf(merchant, 'pos'),
        type: DIRECT,
        reserveBps: 0,
        reserveHoldSeconds: 0,
      });
    }
    const method = await t.call(
      addWithdrawalMethodCall,
      {
        paymentMethodId: bankTransferId,
        userAccountId: Number(merchant.wallets.AED),
        details: { 'Account Name': 'Model Trading LLC', IBAN, 'SWIFT/BIC': BIC },
      },
      { token: merchant.token },
    );
    expect(method.status, method.message).toBe(200);
    merchants.push(merchant);
    methods.push(method.data.id);
  }
  return {
    merchants,
    setups,
    methods,
    wallets: merchants.map(() => ({ available: 0n, onHold: 0n, reserve: 0n, usedToday: { deposit: 0n, send: 0n } })),
    system: { gateway: 0n, fees: 0n, vat: 0n, payouts: 0n },
    baseline: await systemTotals(),
    payments: [],
    refunds: [],
    reserves: [],
    withdrawals: [],
    usedCutoffs: new Set(),
    counts: {},
  };
}

describe('the model of money', () => {
  it('random sequences of every money movement keep the balances equal to the model and the ledger sound', async () => {
    const totals: Record<string, number> = {};
    const timing: Record<string, number> = {};
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(
        fc.array(setupArbitrary, { minLength: MERCHANTS, maxLength: MERCHANTS }),
        // Each merchant may start with money available (a deposit of 0 is none).
        fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: MERCHANTS, maxLength: MERCHANTS }),
        fc.array(opArbitrary, { minLength: 5, maxLength: 15, size: 'max' }),
        async (setups, opening, drawn) => {
          const ops: Op[] = [
            ...opening.flatMap((amount, m) => (amount === 0 ? [] : [{ kind: 'deposit' as const, m, amount: amount + 100 }])),
            ...drawn,
          ];
          let mark = performance.now();
          const lap = (name: string) => {
            const now = performance.now();
            timing[name] = (timing[name] ?? 0) + (now - mark);
            mark = now;
          };
          const run = await newRun(setups);
          lap('newRun');
          for (const [index, op] of ops.entries()) {
            await runStep(run, op);
            lap(op.kind);
            await expectModel(run, `step ${index + 1}: ${JSON.stringify(op)}`);
            lap('check');
          }
          for (const [kind, n] of Object.entries(run.counts)) totals[kind] = (totals[kind] ?? 0) + n;
        },
      ),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), ...(REPLAY_PATH === undefined ? {} : { path: REPLAY_PATH }) },
    );
    console.log(
      `money model: ${RUNS} runs in ${Math.round((Date.now() - started) / 1000)} s`,
      totals,
      Object.fromEntries(Object.entries(timing).map(([k, v]) => [k, Math.round(v)])),
    );
    // Every kind of movement and of refusal happened in the suite's sequence (its seed is fixed).
    if (RUNS >= 100 && REPLAY_PATH === undefined) {
      for (const kind of [
        'deposit',
        'transfer',
        'pay',
        'declined',
        'refund-request',
        'refund-rejected',
        'withdraw',
        'withdrawal-paid',
        'withdrawal-rejected',
        'settled-aggregate',
        'settled-direct',
        'reserve-released',
        'refused',
      ]) {
        expect(totals[kind] ?? 0, kind).toBeGreaterThan(0);
      }
      expect(
        (totals['refund-paid-available'] ?? 0) +
          (totals['refund-paid-on_hold'] ?? 0) +
          (totals['api-refund-available'] ?? 0) +
          (totals['api-refund-on_hold'] ?? 0),
      ).toBeGreaterThan(0);
    }
  }, 3_600_000);
});
