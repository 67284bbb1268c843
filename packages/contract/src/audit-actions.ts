// Every action the audit log can hold, named once. A call declares one of them (`audit:`), and
// the few rows written outside a call (sign-in events, the POS device sign-in, an administrator's
// impersonated calls) name one too: the log never holds a free-form action, and the console's
// filter can offer the whole list. Names are '<subject>.<verb>', each part kebab-case.
export const AUDIT_ACTIONS = [
  // ---- sign-in events of the web app (written by the auth service, refused attempts too) ----
  'auth.register',
  'auth.login-password',
  'auth.login-refused',
  'auth.set-passcode',
  'auth.login-passcode',
  'auth.passcode-wrong',
  'auth.reset-password',
  'auth.reset-passcode',
  'auth.logout',
  // ---- the wallet: money and identity ----
  'transfer.confirm',
  'money-request.create',
  'money-request.cancel',
  'money-request.reject',
  'deposit.initiate',
  'kyc.submit',
  'profile.update-picture',
  'notification-settings.update',
  // ---- the merchant back office ----
  'staff.add',
  'staff.update',
  'staff.features',
  'pos-device.add',
  'pos-device.update',
  'pos-device.manage',
  'pos-device.reset-password',
  'store.create',
  'store.update',
  'store-owner.manage',
  'store.delete',
  'payment-link.add',
  'payment-link.update',
  'report.generate',
  'app-settings.update',
  'app-credentials.revoke',
  'webhook.replay',
  'checkout.pay',
  // ---- the operations console ----
  'store.review',
  'kyc.review',
  'kyc-file.read',
  'store-owner-file.read',
  'merchant-fees.update',
  'impersonation.start',
  'impersonation.end',
  /** Every call an administrator makes while logged in as a merchant, reads and refusals too. */
  'impersonation.call',
  // ---- the merchant server API (acting as the API key) ----
  'api-payment.create',
  'api-payment.capture',
  'api-payment.void',
  'api-payment.refund',
  // ---- the POS device API (acting as the person on the device) ----
  'pos.login',
  'pos.login-refused',
  'pos.logout',
  'pos.sale',
  'pos.pre-auth',
  'pos.capture',
  'pos.refund',
  'pos.void',
  // ---- the platform itself (acting as the system): batch runs, expiring hosted API payments ----
  'batch-run.start',
  'batch-run.item-fail',
  'batch-run.finish',
  'api-payment.expire',
  // ---- refunds (issue 15): asked on the back office, decided in the console, posted by a job ----
  'refund.create',
  'refund.cancel',
  'refund.process',
  'refund.post',
  // ---- settlements (issue 16): configured and run in the console, posted by batch runs ----
  'settlement-config.update',
  'settlement-config.remove',
  'settlement.run',
  'settlement.post',
  'rolling-reserve.release',
  // ---- withdrawals (issue 16): methods and requests of the merchant, decided in the console ----
  'withdrawal-method.add',
  'withdrawal-method.delete',
  'withdrawal.request',
  'withdrawal.process',
  // ---- ledger health (issue 16): the console's check now; a breach raised, as the system ----
  'ledger-health.check',
  'ledger-health.breach',
] as const;

/** One of the audit log's actions: '<subject>.<verb>'. */
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

const ACTIONS: ReadonlySet<string> = new Set(AUDIT_ACTIONS);

export function isAuditAction(value: unknown): value is TAuditAction {
  return typeof value === 'string' && ACTIONS.has(value);
}
