// The merchant's transaction list has three tabs (spec 2, Transactions), picked by the query
// `tab`: 1 Transaction (status 1), 2 Pending (status 0), 3 Failure (status 2). The list takes its
// status from the tab; a link that means a status (the dashboard's tiles) sends its tab.
import { TRANSACTION_STATUS } from '@paywallet/contract';

/** The merchant's tabs: the query `tab` value, its label and the status it lists. */
export const TRANSACTION_TABS = [
  { tab: '1', label: 'Transaction', status: TRANSACTION_STATUS.SUCCESS },
  { tab: '2', label: 'Pending', status: TRANSACTION_STATUS.PENDING },
  { tab: '3', label: 'Failure', status: TRANSACTION_STATUS.FAILED },
] as const;
export type TTransactionTab = (typeof TRANSACTION_TABS)[number]['tab'];

/** The tab that lists a status; any other status (or none) opens the first tab. */
export function transactionsTabOf(status: number | undefined): TTransactionTab {
  return TRANSACTION_TABS.find((entry) => entry.status === status)?.tab ?? '1';
}
