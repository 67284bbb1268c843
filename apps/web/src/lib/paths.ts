// Every path of the web app, in one place (DECISIONS 33). The router derives its route table
// from these patterns, links are built from them (`href`), and the side menu maps each feature
// slug of the server's feature list to one of them (`featurePath`).
//
// The consumer's own screens keep the routes they always had; the merchant app's paths are
// spec 3 section 2.6, spelt as given (`my-transactions`, `agregate-settlement`). Most merchant
// screens come in later areas: their paths are here already so the area's author adds a route,
// not a path; a path without a route is never linked from a menu (see FEATURE_PATHS).
import { generatePath } from 'react-router-dom';
import type { TFeatureSlug } from '@paywallet/contract';

export const APP_ROOT = '/app';

export const AUTH_PATHS = {
  sendOtp: '/auth/send-otp',
  verifyOtp: '/auth/verify-otp',
  signup: '/auth/signup',
  login: '/auth/login',
  forgetPassword: '/auth/forget-password',
  setPasscode: '/auth/set-passcode',
  passcodeLogin: '/auth/passcode-login',
  userInput: '/auth/user-input',
  verifyEmailGeneral: '/auth/verify-email-general',
  resetPassword: '/auth/reset-password',
  resetPin: '/auth/reset-pin',
} as const;

/** The consumer money screens (spec 1 screens 12-20), on the routes they always had. */
export const CONSUMER_PATHS = {
  sendMoney: '/app/send-money',
  sendMoneyInitiate: '/app/send-money/initiate',
  sendMoneyConfirm: '/app/send-money/confirm',
  requestMoney: '/app/request-money',
  requestMoneyInitiate: '/app/request-money/initiate',
  requestMoneyPay: '/app/request-money/pay',
  requestMoneyPayConfirm: '/app/request-money/pay/confirm',
  depositMoney: '/app/deposit-money',
  depositMoneyInitiate: '/app/deposit-money/initiate',
  transactions: '/app/transactions',
} as const;

/** Spec 3 section 2.6: the dashboard group under /app, spelt as given. */
export const MERCHANT_PATHS = {
  dashboardOverview: '/app',
  paymentLink: '/app/payment-link',
  paymentLinkAdd: '/app/payment-link/add',
  paymentLinkView: '/app/payment-link/view',
  paymentLinkAttempt: '/app/payment-link/attempt/:id',
  paymentLinkAttemptDetail: '/app/payment-link/attempt/:id/detail',
  apiPayment: '/app/api-payment',
  merchantCustomers: '/app/merchant-customers',
  accountLedger: '/app/account-ledger',
  refund: '/app/refund',
  refundCreate: '/app/refund/create',
  withdrawals: '/app/with-drawal',
  withdrawalMethodAdd: '/app/add-with-drawal-methods',
  withdrawalRequestAdd: '/app/add-with-drawal-request',
  myTransactions: '/app/my-transactions',
  transactionsDetails: '/app/transactions/details',
  transactionDetails: '/app/transactions/details/:id',
  transactionAttempts: '/app/transactions/attempts/:uuid',
  appSetting: '/app/app-setting',
  merchantStaff: '/app/merchant-staff',
  merchantStaffAdd: '/app/merchant-staff/add',
  merchantStaffUpdate: '/app/merchant-staff/update',
  merchantStaffPermission: '/app/merchant-staff/permission',
  posDevices: '/app/pos-devices',
  posAdd: '/app/pos/add',
  posUpdate: '/app/pos/update',
  posAssignStaff: '/app/pos/assign-staff/:id',
  store: '/app/store',
  storeAdd: '/app/store/add',
  storeUpdate: '/app/store/update',
  storeAccountActivation: '/app/store/account-activation/:uniqueRef/:parentEntity',
  storeUpdateAccountActivation: '/app/store/update/account-activation',
  holdBalance: '/app/hold-balance',
  profile: '/app/profile',
  reportsTransaction: '/app/reports/transaction',
  allNotification: '/app/all-notification',
  settlements: '/app/settlements',
  agregateSettlement: '/app/agregate-settlement',
  directSettlement: '/app/direct-settlement',
  agregateSettlementDetail: '/app/agregate-settlement/detail/:id',
  directSettlementDetail: '/app/direct-settlement/detail/:id',
} as const;

/** The operations console (DECISIONS 17): administrators only, its own route group and menu. */
export const CONSOLE_ROOT = '/console';
export const CONSOLE_PATHS = {
  stores: '/console/stores',
  kyc: '/console/kyc',
  merchants: '/console/merchants',
  auditLog: '/console/audit-log',
  /** A merchant's card fee schedule: ?id=<merchant user id>. */
  merchantFees: '/console/merchant-fees',
  refunds: '/console/refunds',
  withdrawals: '/console/withdrawals',
  ledgerHealth: '/console/ledger-health',
  settlementConfigs: '/console/settlement-configs',
  settlementRuns: '/console/settlement-runs',
} as const;

export const PATHS = { home: APP_ROOT, ...AUTH_PATHS, ...CONSUMER_PATHS, ...MERCHANT_PATHS } as const;

/**
 * The route parameters of spec 1 section 2, passed as query parameters of our paths. A screen
 * reads its parameters first and falls back to what client state holds:
 *   - login: `email` (the e-mail, locked) and `customerId` (the account the sign-in is for);
 *   - set-passcode and passcode-login: `customerId` (a held session of another account is not used);
 *   - verify-email-general, reset-password and reset-pin: `email`;
 *   - send-money-initiate: `emailOrPhone` (the recipient, verified on arrival) and `msg` (the info alert);
 *   - user-request-send-money-confirm: `emailOrPhone` (the requester the confirm is for).
 */
export type RouteParams = {
  [AUTH_PATHS.login]: { email?: string; customerId?: number };
  [AUTH_PATHS.setPasscode]: { customerId?: number };
  [AUTH_PATHS.passcodeLogin]: { customerId?: number };
  [AUTH_PATHS.verifyEmailGeneral]: { email?: string };
  [AUTH_PATHS.resetPassword]: { email?: string };
  [AUTH_PATHS.resetPin]: { email?: string };
  [CONSUMER_PATHS.sendMoneyInitiate]: { emailOrPhone?: string; msg?: string };
  [CONSUMER_PATHS.requestMoneyPayConfirm]: { emailOrPhone?: string };
};

/** A link to a route with its parameters: `withRouteParams(PATHS.login, { email, customerId })`. */
export function withRouteParams<P extends keyof RouteParams>(path: P, params: RouteParams[P]): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params) as Array<[string, string | number | undefined]>) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** An id route parameter: a positive whole number, or undefined for anything else. */
export function idParam(value: string | null): number | undefined {
  if (value === null || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/** A link to a path with parameters: `href(PATHS.transactionDetails, { id })`. */
export const href = generatePath;

/** A route's path inside the /app layout: '/app/my-transactions' -> 'my-transactions'. */
export function appChild(path: string): string {
  if (!path.startsWith(`${APP_ROOT}/`)) throw new Error(`${path} is not a path under ${APP_ROOT}`);
  return path.slice(APP_ROOT.length + 1);
}

/** A route's path inside the /auth layout. */
export function authChild(path: string): string {
  return path.slice('/auth/'.length);
}

/** Which side of the product a signed-in account is on; the menu and some routes differ. */
export type TAccountKind = 'consumer' | 'merchant';

/**
 * Where each feature of the contract's catalogue lives, per kind of account. `satisfies` makes a
 * feature added to the catalogue without a screen a type error here, so the menu can never
 * offer a link to a page that does not exist.
 */
export const FEATURE_PATHS = {
  'dashboard-overview': { consumer: APP_ROOT, merchant: MERCHANT_PATHS.dashboardOverview },
  'send-money': { consumer: CONSUMER_PATHS.sendMoney, merchant: CONSUMER_PATHS.sendMoney },
  'request-money': { consumer: CONSUMER_PATHS.requestMoney, merchant: CONSUMER_PATHS.requestMoney },
  'deposit-money': { consumer: CONSUMER_PATHS.depositMoney, merchant: CONSUMER_PATHS.depositMoney },
  transactions: { consumer: CONSUMER_PATHS.transactions, merchant: MERCHANT_PATHS.myTransactions },
  // Merchant-only features: a consumer's feature list never holds them (their audience is
  // 'merchant'), so the consumer entry only satisfies the table's shape.
  store: { consumer: MERCHANT_PATHS.store, merchant: MERCHANT_PATHS.store },
  'pos-devices': { consumer: MERCHANT_PATHS.posDevices, merchant: MERCHANT_PATHS.posDevices },
  'merchant-staff': { consumer: MERCHANT_PATHS.merchantStaff, merchant: MERCHANT_PATHS.merchantStaff },
  'merchant-customers': { consumer: MERCHANT_PATHS.merchantCustomers, merchant: MERCHANT_PATHS.merchantCustomers },
  'payment-link': { consumer: MERCHANT_PATHS.paymentLink, merchant: MERCHANT_PATHS.paymentLink },
  'api-payment': { consumer: MERCHANT_PATHS.apiPayment, merchant: MERCHANT_PATHS.apiPayment },
  'app-setting': { consumer: MERCHANT_PATHS.appSetting, merchant: MERCHANT_PATHS.appSetting },
  refund: { consumer: MERCHANT_PATHS.refund, merchant: MERCHANT_PATHS.refund },
  'with-drawal': { consumer: MERCHANT_PATHS.withdrawals, merchant: MERCHANT_PATHS.withdrawals },
  'account-ledger': { consumer: MERCHANT_PATHS.accountLedger, merchant: MERCHANT_PATHS.accountLedger },
  reports: { consumer: MERCHANT_PATHS.reportsTransaction, merchant: MERCHANT_PATHS.reportsTransaction },
  settlements: { consumer: MERCHANT_PATHS.settlements, merchant: MERCHANT_PATHS.settlements },
} as const satisfies Record<TFeatureSlug, Record<TAccountKind, string>>;

/** The menu link of a feature slug from the server, or undefined for a slug this build has no screen for. */
export function featurePath(slug: string, kind: TAccountKind): string | undefined {
  return Object.prototype.hasOwnProperty.call(FEATURE_PATHS, slug) ? FEATURE_PATHS[slug as TFeatureSlug][kind] : undefined;
}

/** The transactions list of an account: the consumer's route, or the merchant's `my-transactions`. */
export function transactionsPath(kind: TAccountKind): string {
  return FEATURE_PATHS.transactions[kind];
}
