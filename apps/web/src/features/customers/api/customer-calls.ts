// The merchant's customers (get-merchant-customers): the list's filters as the URL holds them,
// checked as the server checks them.
import { dateRangeOrdered, ZCustomerFilters } from '@paywallet/contract';

export const ZCustomerUrlFilters = ZCustomerFilters.superRefine(dateRangeOrdered);

export const CUSTOMERS_QUERY_KEY = ['customers'] as const;
