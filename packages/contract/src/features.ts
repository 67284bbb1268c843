// The menu features: one entry per link of the side menu. A feature is also the unit of staff
// permissions: a merchant grants a staff member features one by one, and every call names the
// feature it belongs to (call.ts). The server seeds the features table from this catalogue;
// each business area adds its features here when it adds its screens.
export const FEATURE_GROUPS = {
  Dashboard: 1,
  Payments: 2,
  Business: 3,
} as const;
export type TFeatureGroupName = keyof typeof FEATURE_GROUPS;

export interface FeatureEntry {
  name: string;
  group: TFeatureGroupName;
  /** Position inside its group. */
  sort: number;
  icon: string;
  /** Who sees the feature in the menu: consumers, merchants or both. */
  audience: 'consumer' | 'merchant' | 'all';
}

export const FEATURES = {
  'dashboard-overview': { name: 'Dashboard', group: 'Dashboard', sort: 1, icon: 'dashboard', audience: 'all' },
  'send-money': { name: 'Send Money', group: 'Payments', sort: 1, icon: 'send', audience: 'all' },
  'request-money': { name: 'Request Money', group: 'Payments', sort: 2, icon: 'request', audience: 'all' },
  'deposit-money': { name: 'Deposit Money', group: 'Payments', sort: 3, icon: 'deposit', audience: 'all' },
  transactions: { name: 'Transactions', group: 'Payments', sort: 4, icon: 'transactions', audience: 'all' },
  store: { name: 'Stores', group: 'Business', sort: 1, icon: 'store', audience: 'merchant' },
  'pos-devices': { name: 'POS Devices', group: 'Business', sort: 2, icon: 'pos', audience: 'merchant' },
  'merchant-staff': { name: 'Staff', group: 'Business', sort: 3, icon: 'staff', audience: 'merchant' },
  'merchant-customers': { name: 'Customers', group: 'Business', sort: 4, icon: 'customers', audience: 'merchant' },
  'payment-link': { name: 'Payment Links', group: 'Payments', sort: 5, icon: 'payment-link', audience: 'merchant' },
  'api-payment': { name: 'Api Payment', group: 'Payments', sort: 20, icon: 'api', audience: 'merchant' },
  'app-setting': { name: 'App Settings', group: 'Business', sort: 9, icon: 'settings', audience: 'merchant' },
  refund: { name: 'Refunds', group: 'Payments', sort: 6, icon: 'refund', audience: 'merchant' },
  'with-drawal': { name: 'Withdrawals', group: 'Payments', sort: 7, icon: 'withdrawal', audience: 'merchant' },
  'account-ledger': { name: 'Account Ledger', group: 'Payments', sort: 30, icon: 'ledger', audience: 'merchant' },
  reports: { name: 'Reports', group: 'Payments', sort: 31, icon: 'reports', audience: 'merchant' },
  settlements: { name: 'Settlements', group: 'Payments', sort: 7, icon: 'settlements', audience: 'merchant' },
} as const satisfies Record<string, FeatureEntry>;

export type TFeatureSlug = keyof typeof FEATURES;
export const FEATURE_SLUGS = Object.keys(FEATURES) as TFeatureSlug[];

export function isFeatureSlug(value: string): value is TFeatureSlug {
  return Object.prototype.hasOwnProperty.call(FEATURES, value);
}
