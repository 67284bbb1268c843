// The transaction history: the consumer's list at /app/transactions, the merchant's at
// /app/my-transactions (spec 3 section 2.6), one transaction in detail for both, and the
// attempts of a merchant's card payment (merchants only).
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.ts';
import { appChild, CONSUMER_PATHS, MERCHANT_PATHS } from '../../lib/paths.ts';
import { featureGroup } from './feature-group.tsx';

// The list with the refunds feature's row action (app/ composes the two features).
const Transactions = lazyPage(() => import('../pages/transactions-with-refunds-page.tsx'), 'TransactionsWithRefundsPage');
const TransactionDetails = lazyPage(
  () => import('../../features/transactions/pages/transaction-details-page.tsx'),
  'TransactionDetailsPage',
);
const TransactionAttempts = lazyPage(
  () => import('../../features/transactions/pages/transaction-attempts-page.tsx'),
  'TransactionAttemptsPage',
);

export const transactionRoutes: RouteObject[] = [
  featureGroup('transactions', [
    { path: appChild(CONSUMER_PATHS.transactions), element: <Transactions /> },
    { path: appChild(MERCHANT_PATHS.transactionDetails), element: <TransactionDetails /> },
  ]),
  featureGroup(
    'transactions',
    [
      { path: appChild(MERCHANT_PATHS.myTransactions), element: <Transactions /> },
      { path: appChild(MERCHANT_PATHS.transactionAttempts), element: <TransactionAttempts /> },
    ],
    'merchant',
  ),
];
