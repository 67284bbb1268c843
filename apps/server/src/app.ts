// Builds the Fastify instance from its parts: the dependencies every service receives, the one
// dispatcher with every module's calls, the doors onto it (the web app's plain JSON, encrypted
// envelope and GET routes; the merchant server API; the POS device API), and the pages outside
// the API (3-D Secure, dev outbox, the API reference, the web app).
// main.ts listens; tests build the same app and call it through inject.
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { Deps } from './deps.ts';
import { createMailer } from './lib/mailer.ts';
import type { Mailer } from './lib/mail.ts';
import { createConfiguredFileStore } from './lib/file-store/configured-store.ts';
import { newBotChallenge } from './lib/bot-check.ts';
import { Dispatcher } from './transport/dispatcher.ts';
import { registerPlainApi } from './transport/plain-api.ts';
import { registerEnvelopeApi } from './transport/envelope-api.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { loggerOptions, type LogStream } from './plugins/logging.ts';
import { drainableServer, registerGracefulShutdown, type HttpDrain } from './plugins/graceful-shutdown.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerModules } from './modules/index.ts';
import { sessionScopes } from './modules/auth/sessions.ts';
import { recordAudits } from './modules/audit/audit.service.ts';
import { registerDevOutbox } from './modules/dev-outbox/dev-outbox.routes.ts';
import { registerGatewayPages } from './modules/gateway/gateway.routes.ts';
import { doorScopeResolvers, MERCHANT_API_DOOR, POS_API_DOOR, registerHttpDoor, registerWebFileCalls } from './transport/doors.ts';
import { registerLiveEvents } from './modules/notifications/live-events.routes.ts';
import { registerMerchantApiReference } from './modules/merchant-api/merchant-api.routes.ts';
import { registerPosApiCalls } from './modules/pos-api/pos-api.routes.ts';
import { registerJobs } from './jobs/queue.ts';
import { IDEMPOTENCY_JOBS } from './lib/idempotency.jobs.ts';
import { FILE_STORE_JOBS } from './lib/file-store/file-store.jobs.ts';
import { MAIL_JOBS } from './lib/mailer.jobs.ts';
import { CARD_PAYMENT_JOBS } from './modules/gateway/card-payments.jobs.ts';
import { REPORT_JOBS } from './modules/reports/reports.jobs.ts';
import { WEBHOOK_JOBS } from './modules/webhooks/webhooks.jobs.ts';
import { REFUND_JOBS } from './modules/refunds/refunds.jobs.ts';
import { TRANSACTION_JOBS } from './modules/transactions/transactions.jobs.ts';
import { LEDGER_HEALTH_JOBS } from './modules/ledger-health/ledger-health.jobs.ts';
import { registerLedgerHealthCalls } from './modules/ledger-health/ledger-health.routes.ts';
import { challengeHandlers } from './modules/gateway/challenge-handlers.ts';
import type { PaymentEventListener } from './modules/merchant-payments/payment-events.ts';
import { merchantPaymentChallenges } from './modules/merchant-payments/three-d-secure.service.ts';
import { postingRunnerFor } from './modules/ledger/ledger.service.ts';
import { MERCHANT_PAYMENT_TYPE_IDS } from './modules/merchant-payments/payment-postings.ts';
import { merchantPaymentNotifier } from './modules/merchant-payments/payment-notices.service.ts';
import { onCheckoutPaymentEvent } from './modules/checkout/checkout.service.ts';
import { applyPaymentEvent } from './modules/merchant-api/api-payments.service.ts';
import { onPosPaymentEvent } from './modules/pos-api/pos-api.service.ts';
import { API_PAYMENT_JOBS } from './modules/merchant-api/api-payments.jobs.ts';
import { SETTLEMENT_JOBS } from './modules/settlements/settlements.jobs.ts';

export const BODY_MAX_BYTES = 15 * 1024 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  deps: Deps;
  dispatcher: Dispatcher;
  /** Stops serving without dropping a request (main.ts calls it on SIGTERM). */
  drain: HttpDrain;
}

export interface BuildOptions {
  /** Where the log goes (stdout when absent); tests capture it to prove what it never carries. */
  logStream?: LogStream;
  /** Heard after the standing payment listeners: a test's recorder, or a listener that throws to prove the rollback. */
  extraPaymentListeners?: readonly PaymentEventListener[];
}

/**
 * Who hears every merchant payment event, whoever caused it: each a plain function of the module
 * it belongs to, composed here once (docs/payment-events.md). The payments core calls them in this
 * order inside the payment's transaction.
 */
function standingPaymentListeners(mailer: Mailer): PaymentEventListener[] {
  return [
    // A link's signed callback and the claim of a single-use link or hosted API payment.
    onCheckoutPaymentEvent,
    // The API payment's state and its 'api.payment' webhook.
    applyPaymentEvent,
    // The POS webhook.
    onPosPaymentEvent,
    // The merchant's notification (bell, list, live push) and e-mail.
    merchantPaymentNotifier(mailer),
  ];
}

export async function buildApp(config: Config, database: DatabaseHandle, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    bodyLimit: BODY_MAX_BYTES,
    trustProxy: config.trustProxy,
    // While the server stops, a request that still arrives on an open connection is answered
    // (with Connection: close), not refused with a 503: see plugins/graceful-shutdown.ts.
    return503OnClosing: false,
    serverFactory: drainableServer,
  });
  const drain = registerGracefulShutdown(app);
  const mailer = createMailer(database.db, config, app.log);
  const paymentListeners = [...standingPaymentListeners(mailer), ...(options.extraPaymentListeners ?? [])];
  const deps: Deps = {
    db: database.db,
    config,
    log: app.log,
    mailer,
    files: await createConfiguredFileStore(config, database),
    paymentListeners,
    challengeHandlers: challengeHandlers([[MERCHANT_PAYMENT_TYPE_IDS, merchantPaymentChallenges({ paymentListeners })]]),
    // Group commit (docs/group-commit.md): its defaults follow the database (PGlite: one lane).
    postings: postingRunnerFor(database, config.postingBatch),
  };
  const dispatcher = new Dispatcher(
    deps,
    // The sessions of calls arriving together are read by one statement (sessions.ts).
    doorScopeResolvers(deps, sessionScopes(database.db)),
    recordAudits,
    { strictResponses: !config.production },
  );
  registerModules(dispatcher, deps);
  registerPosApiCalls(dispatcher, deps);
  registerLedgerHealthCalls(dispatcher, deps);
  // The job kinds and schedules each part declares beside its code; the queue knows none of them,
  // and a runner built after this runs them all (docs/jobs.md). Registering again is a no-op.
  for (const jobs of [
    MAIL_JOBS,
    IDEMPOTENCY_JOBS,
    CARD_PAYMENT_JOBS,
    REPORT_JOBS,
    WEBHOOK_JOBS,
    API_PAYMENT_JOBS,
    REFUND_JOBS,
    TRANSACTION_JOBS,
    SETTLEMENT_JOBS,
    LEDGER_HEALTH_JOBS,
    FILE_STORE_JOBS,
  ])
    registerJobs(jobs);

  registerSecurityHeaders(app);
  registerErrorHandler(app);
  await app.register(fastifyCookie);
  app.get('/api/health', async () => ({ code: 200, message: 'Success', data: { database: database.kind } }));
  app.get('/api/altcha/challenge', async () => newBotChallenge(deps));
  await registerEnvelopeApi(app, dispatcher, database.db);
  registerLiveEvents(app, dispatcher, deps);
  await registerPlainApi(app, dispatcher);
  // Every call is registered by now: the doors bind theirs to HTTP routes.
  registerWebFileCalls(app, dispatcher);
  registerHttpDoor(app, dispatcher, deps, MERCHANT_API_DOOR);
  registerHttpDoor(app, dispatcher, deps, POS_API_DOOR);

  if (config.devOutbox) registerDevOutbox(app, deps);
  registerGatewayPages(app, deps);
  registerMerchantApiReference(app, deps);
  await registerWebApp(app, config.webDistDir);
  app.log.info({ fileStore: deps.files.kind }, 'files are kept in the %s store', deps.files.kind);
  app.addHook('onClose', async () => deps.files.close());
  return { app, deps, dispatcher, drain };
}
