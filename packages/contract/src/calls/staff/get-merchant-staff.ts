import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zPage, zPageOf, zSearch } from '../../lists.ts';
import { zOptionalId } from '../../rules.ts';
import { ZStaffRow } from './common.ts';

/**
 * The merchant's staff (spec 3 section 2.2): a paged table, newest first, searchable by name,
 * e-mail or phone. `status: 1` answers the active staff only, unpaged (the selects that pick a
 * staff member, such as Assign Staff), without paginationData.
 */
export const ZGetMerchantStaffRequest = z.object({
  ...zPage,
  search: zSearch,
  /** One staff member (the update screen opens on `?id=`): a page of at most that row. */
  userId: zOptionalId('user'),
  status: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce.number().int().min(1, 'The selected status is invalid').max(1, 'The selected status is invalid').optional(),
  ),
});
export const ZGetMerchantStaffResponse = z.union([zPageOf(ZStaffRow), z.object({ data: z.array(ZStaffRow) })]);
export const getMerchantStaffCall = defineCall({
  path: 'get-merchant-staff',
  audience: ['merchant'],
  session: 'full',
  feature: 'merchant-staff',
  kind: 'read',
  audit: null,
  request: ZGetMerchantStaffRequest,
  response: ZGetMerchantStaffResponse,
});
export type TGetMerchantStaffRequest = z.input<typeof ZGetMerchantStaffRequest>;
export type TGetMerchantStaffInput = z.output<typeof ZGetMerchantStaffRequest>;
export type TGetMerchantStaffResponse = z.output<typeof ZGetMerchantStaffResponse>;
