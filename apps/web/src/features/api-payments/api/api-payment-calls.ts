// The merchant's API payments (get-api-payments): the list's filters as the URL holds them,
// checked as the server checks them.
import { dateRangeOrdered, ZApiPaymentFilters } from '@paywallet/contract';

export const ZApiPaymentUrlFilters = ZApiPaymentFilters.superRefine(dateRangeOrdered);

export const API_PAYMENTS_QUERY_KEY = ['api-payments'] as const;
