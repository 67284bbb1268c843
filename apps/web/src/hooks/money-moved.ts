// What a money movement changes on screen: the wallets' balances (top bar, the consumer's wallet
// cards and money forms), the transaction history, and the merchant's money screens (the
// dashboard's On Hold and Available cards, the held balance, the account ledger, the settlements). Every screen
// that moves money refreshes them through here, and so does the live notification of money
// someone else moved (hooks/use-live-notifications.ts).
import type { QueryClient } from '@tanstack/react-query';
import { getAccountLedgerCall, getBalanceOnHoldCall } from '@paywallet/contract';
import { WALLET_LIST_QUERY_KEY } from './use-wallet-list.ts';

export const TRANSACTIONS_QUERY_KEY = ['transactions'] as const;
/** The merchant dashboard's overview (its balance cards); kept here so shared code can refresh it. */
export const MERCHANT_OVERVIEW_QUERY_KEY = ['merchant-dashboard-overview'] as const;
/** Every withdrawal query (methods, requests, the catalogue); a paid or rejected withdrawal refreshes them. */
export const WITHDRAWALS_QUERY_KEY = ['withdrawals'] as const;
/** The merchant's settlements and their reserves (features/settlements). */
export const SETTLEMENTS_QUERY_KEY = ['settlements'] as const;

/** Every query showing a balance or a movement; the list screens key theirs by the call's path. */
const MONEY_QUERY_KEYS: readonly (readonly unknown[])[] = [
  WALLET_LIST_QUERY_KEY,
  TRANSACTIONS_QUERY_KEY,
  MERCHANT_OVERVIEW_QUERY_KEY,
  [getBalanceOnHoldCall.path],
  [getAccountLedgerCall.path],
  WITHDRAWALS_QUERY_KEY,
  SETTLEMENTS_QUERY_KEY,
];

/**
 * The notification types that tell of money arriving or leaving (the server's registry,
 * docs/modules.md): only these refresh the balances; a store review or a new request does not.
 */
const MONEY_NOTIFICATION_TYPES: ReadonlySet<string> = new Set([
  'money-sent',
  'money-received',
  'money-request-paid',
  'deposit-succeeded',
  'merchant-payment-received',
  'merchant-payment-refunded',
  'withdrawal-paid',
  'withdrawal-rejected',
  // On hold moved to available (or out to the bank), and a rolling reserve released to available.
  'settlement-completed',
  'rolling-reserve-released',
]);

export function movesMoney(notificationType: string): boolean {
  return MONEY_NOTIFICATION_TYPES.has(notificationType);
}

export function refreshAfterMoneyMoved(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(MONEY_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
