// The console lists' filters as the URL holds them (hooks/use-url-filters.ts), each field the
// list call's own schema, so the URL and the filter bar accept exactly what the server does. The
// review queues (Stores, KYC) open on the rows awaiting review: no status in the URL means that
// status, and `all` means every status.
import { z } from 'zod';
import {
  dateRangeOrdered,
  KYC_STATUS,
  STORE_STATUS,
  ZAdminGetAuditLogRequest,
  ZAdminGetKycSubmissionsRequest,
  ZAdminGetMerchantsRequest,
  ZAdminGetStoresRequest,
} from '@paywallet/contract';

/** The status choice that shows every row of a review queue. */
export const ALL_STATUSES = 'all';

export const ZStoreUrlFilters = z.object({
  status: z.union([z.literal(ALL_STATUSES), ZAdminGetStoresRequest.shape.status.unwrap()]).optional(),
  search: ZAdminGetStoresRequest.shape.search,
});
export const STORES_DEFAULT_STATUS = STORE_STATUS.PENDING_APPROVAL;

export const ZKycUrlFilters = z.object({
  status: z.union([z.literal(ALL_STATUSES), ZAdminGetKycSubmissionsRequest.shape.status.unwrap()]).optional(),
  search: ZAdminGetKycSubmissionsRequest.shape.search,
});
export const KYC_DEFAULT_STATUS = KYC_STATUS.SUBMITTED;

export const ZMerchantUrlFilters = z.object({ search: ZAdminGetMerchantsRequest.shape.search });

const audit = ZAdminGetAuditLogRequest.shape;
export const ZAuditUrlFilters = z
  .object({
    merchantUserId: audit.merchantUserId,
    actorUserId: audit.actorUserId,
    action: audit.action,
    actingAs: audit.actingAs,
    fromDate: audit.fromDate,
    toDate: audit.toDate,
  })
  .superRefine(dateRangeOrdered);

/** A review queue's filters as its list call takes them: the queue's own status when none is chosen. */
export function queueFilters(
  filters: { status?: number | typeof ALL_STATUSES | undefined; search?: string | undefined },
  defaultStatus: number,
): { status?: number; search?: string } {
  const { status = defaultStatus, search } = filters;
  return { ...(status === ALL_STATUSES ? {} : { status }), ...(search ? { search } : {}) };
}
