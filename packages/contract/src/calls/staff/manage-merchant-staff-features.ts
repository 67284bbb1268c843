import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { LIMITS } from '../../rules.ts';
import { ZStaffFeatures, zStaffUserId } from './common.ts';

/** How many feature ids one save may carry: far above the catalogue's size. */
export const STAFF_FEATURE_IDS_MAX = 200;

/**
 * Replace the features granted to a staff member with `featureId` (spec 3 section 7): the ids
 * of the checked toggles, an empty list to grant nothing. Only merchant features; an unknown id
 * is refused by name. A staff member who manages staff grants only features they hold.
 */
export const ZManageMerchantStaffFeaturesRequest = z.object({
  userId: zStaffUserId,
  featureId: z
    .array(
      z.coerce
        .number({ error: 'The selected feature is invalid' })
        .int('The selected feature is invalid')
        .positive('The selected feature is invalid')
        .max(LIMITS.intIdMax, 'The selected feature is invalid'),
      { error: 'The feature id field must be a list' },
    )
    .max(STAFF_FEATURE_IDS_MAX, `The feature id may not have more than ${STAFF_FEATURE_IDS_MAX} items`),
});
export const manageMerchantStaffFeaturesCall = defineCall({
  path: 'manage-merchant-staff-features',
  audience: ['merchant'],
  session: 'full',
  feature: 'merchant-staff',
  kind: 'write',
  audit: 'staff.features',
  request: ZManageMerchantStaffFeaturesRequest,
  response: ZStaffFeatures,
});
export type TManageMerchantStaffFeaturesRequest = z.input<typeof ZManageMerchantStaffFeaturesRequest>;
export type TManageMerchantStaffFeaturesInput = z.output<typeof ZManageMerchantStaffFeaturesRequest>;
