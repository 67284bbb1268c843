// The demo merchant's first settlement (issue 16, docs/settlements.md "Demo data"), so the
// Settlements screens have something to show on first start: a USD payment link paid three times
// by the demo consumer's cards through the hosted checkout, one payment partly refunded through
// the back office (asked by the merchant, approved by the console, posted by its job), then a
// settlement run by hand up to now (worked by its job). The merchant's USD wallet has nothing
// available, so the refund is paid from on hold and the settlement takes it in: the details show
// the refund row, and the 10% rolling reserve of the seeded aggregate configuration is Pending.
//
// Every step goes through the services the calls use, composed as the app composes them
// (buildApp, not listening): no ledger row is written here. Each step writes its audit row as the
// system, with `seed: 'demo'` in its detail, since nobody signed in made it.
import {
  adminProcessRefundCall,
  createRefundRequestCall,
  getCheckoutCall,
  payCheckoutCall,
  PAYMENT_LINK_STATUS,
  PAYMENT_LINK_TYPE,
  REFUND_REQUEST_STATUS,
  type CallDef,
} from '@paywallet/contract';
import { assert, minorToWire } from '@paywallet/ledger';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { buildApp } from '../app.ts';
import { startBatchRun } from '../jobs/batch-runs.ts';
import { JobRunner } from '../jobs/runner.ts';
import { AuditTrail } from '../transport/audit-trail.ts';
import { recordAudits } from '../modules/audit/audit.service.ts';
import { getCheckout, payCheckout } from '../modules/checkout/checkout.service.ts';
import { insertPaymentLink } from '../modules/payment-links/payment-links.service.ts';
import { createRefundRequest, processRefund } from '../modules/refunds/refunds.service.ts';
import { SETTLEMENT_BATCH } from '../modules/settlements/settlements.jobs.ts';
import { manualPeriod } from '../modules/settlements/settlements.service.ts';

/** A documentation address (RFC 5737): the demo customer's, as the checkout records it. */
const CUSTOMER_IP = '203.0.113.77';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo link the payments go through: USD, the wallet of the demo merchant that has nothing available. */
export const DEMO_SETTLEMENT_LINK = {
  currency: 'USD',
  amountMinor: 6_000n,
  description: 'Roasted beans shipped abroad',
  receiptNo: 'INTL-3001',
} as const;

/** The demo consumer's cards (sandbox numbers, approved at once): two Visa payments and a Mastercard one. */
const DEMO_CARDS = ['4242424242424242', '5555555555554444', '4242424242424242'] as const;

/** The part of the first payment the merchant refunds before the settlement, in minor units. */
export const DEMO_REFUND_MINOR = 1_500n;

interface DemoPeople {
  merchantEmail: string;
  adminEmail: string;
  consumer: { firstName: string; lastName: string; email: string; phone: string };
  channelCode: string;
}

/** An audit trail of `call` for a step the seed takes: the system's, marked as the demo seed's. */
function seedTrail(call: CallDef): AuditTrail {
  return new AuditTrail(
    (db, entries) =>
      recordAudits(
        db,
        entries.map((entry) => ({ ...entry, actingAs: 'system' as const, actorUserId: null, detail: { ...entry.detail, seed: 'demo' } })),
      ),
    call,
    null,
    { ip: CUSTOMER_IP },
  );
}

export async function insertDemoSettlementHistory(db: Db, config: Config, people: DemoPeople): Promise<void> {
  const merchant = await db.selectFrom('users').select('id').where('email', '=', people.merchantEmail).executeTakeFirst();
  const admin = await db.selectFrom('users').select('id').where('email', '=', people.adminEmail).executeTakeFirst();
  const channel = await db
    .selectFrom('channels')
    .select(['id', 'merchant_user_id'])
    .where('code', '=', people.channelCode)
    .executeTakeFirst();
  const currency = await db.selectFrom('currencies').select('id').where('code', '=', DEMO_SETTLEMENT_LINK.currency).executeTakeFirst();
  if (!merchant || !admin || !channel || channel.merchant_user_id !== merchant.id || !currency) return;

  // The services' dependencies as the app composes them (mailer, payment listeners, job kinds).
  // This app never listens nor answers a request: the handle's kind (read only by /api/health)
  // and close (the caller owns the database) are placeholders.
  const { app, deps } = await buildApp(config, { db, kind: 'postgres', close: async () => {} });
  try {
    const token = await insertDemoLink(db, merchant.id, channel.id, currency.id);
    const paid: string[] = [];
    for (const number of DEMO_CARDS) paid.push(await payByCard(deps, token, number, people.consumer));

    // The approved refund and the run are jobs: this runner works them now, so none is left queued.
    const runner = new JobRunner(deps, { runnerId: 'demo-seed' });
    const refundId = await refundPartly(deps, merchant.id, admin.id, paid[0]!);
    await runner.drain();
    const refund = await db.selectFrom('refund_requests').select('status').where('id', '=', refundId).executeTakeFirstOrThrow();
    assert(refund.status === REFUND_REQUEST_STATUS.PROCESSED, 'the demo refund is posted');

    // The run by hand of this merchant up to now: the same batch run the console's 'Run settlements now' starts.
    const period = manualPeriod(new Date(), merchant.id);
    await startBatchRun(db, SETTLEMENT_BATCH, period);
    await runner.drain();
    const run = await db
      .selectFrom('batch_runs')
      .select(['state', 'items_done'])
      .where('kind', '=', SETTLEMENT_BATCH.name)
      .where('period', '=', period)
      .executeTakeFirstOrThrow();
    assert(run.state === 'done' && run.items_done === 1, 'the demo settlement run settles the demo payments');
  } finally {
    await app.close();
  }
}

async function insertDemoLink(db: Db, merchantUserId: bigint, channelId: bigint, currencyId: number): Promise<string> {
  const schemes = await db.selectFrom('payment_methods').select('id').where('code', 'in', ['VISA', 'MASTERCARD']).orderBy('id').execute();
  const { token } = await db.transaction().execute((trx) =>
    insertPaymentLink(trx, {
      merchantUserId,
      channelId,
      currencyId,
      amount: DEMO_SETTLEMENT_LINK.amountMinor,
      type: PAYMENT_LINK_TYPE.MULTIPLE,
      status: PAYMENT_LINK_STATUS.ACTIVE,
      exipresIn: null,
      redirectUrl: 'https://haddad-coffee.example.com/thank-you',
      callbackUrl: null,
      receiptNo: DEMO_SETTLEMENT_LINK.receiptNo,
      email: null,
      phone: null,
      description: DEMO_SETTLEMENT_LINK.description,
      addedBy: merchantUserId,
      schemeIds: schemes.map((scheme) => scheme.id),
      createdAt: new Date(Date.now() - 2 * DAY_MS),
    }),
  );
  return token;
}

/** Opens the link's checkout page and pays it by card, as the customer's browser does; answers the payment's uuid. */
async function payByCard(deps: Deps, token: string, number: string, consumer: DemoPeople['consumer']): Promise<string> {
  const page = await getCheckout(deps, getCheckoutCall.request.parse({ token }), CUSTOMER_IP, 'Mozilla/5.0 (demo seed)');
  assert(page.attemptUuid !== null, 'the demo link takes a payment');
  const input = payCheckoutCall.request.parse({
    token,
    attemptUuid: page.attemptUuid,
    customer: {
      name: `${consumer.firstName} ${consumer.lastName}`,
      email: consumer.email,
      phone: consumer.phone,
      country: 'United Arab Emirates',
      city: 'Dubai',
    },
    card: { holderName: `${consumer.firstName} ${consumer.lastName}`, number, expMonth: '12', expYear: '2030', cvc: '123' },
  });
  const payment = await payCheckout(deps, seedTrail(payCheckoutCall), input, CUSTOMER_IP);
  assert(payment.status === 'succeeded', `the demo card payment succeeds, got ${payment.status}`);
  return payment.transactionId;
}

/** The back office's refund: the merchant asks for part of a payment and the console approves it (the job posts it); answers its id. */
async function refundPartly(deps: Deps, merchantUserId: bigint, adminUserId: bigint, transactionId: string): Promise<bigint> {
  const asked = await createRefundRequest(
    deps,
    seedTrail(createRefundRequestCall),
    { merchantUserId, actorUserId: merchantUserId },
    createRefundRequestCall.request.parse({
      transactionId,
      amount: minorToWire(DEMO_REFUND_MINOR),
      isPartial: 1,
      description: 'One bag arrived damaged',
    }),
  );
  await processRefund(
    deps,
    seedTrail(adminProcessRefundCall),
    adminUserId,
    adminProcessRefundCall.request.parse({ refundId: asked.id, status: REFUND_REQUEST_STATUS.PROCESSED }),
  );
  return BigInt(asked.id);
}
