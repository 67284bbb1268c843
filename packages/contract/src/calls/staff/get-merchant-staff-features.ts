import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { ZStaffFeatures, zStaffUserId } from './common.ts';

/**
 * The features granted to a staff member (spec 3 section 7): `data[0].features[].feature_id`.
 * The permissions screen reads the features it may grant from get-dashboard-feature-list (the
 * owner's menu holds every merchant feature; a staff member's only what they were granted).
 */
export const ZGetMerchantStaffFeaturesRequest = z.object({ userId: zStaffUserId });
export const getMerchantStaffFeaturesCall = defineCall({
  path: 'get-merchant-staff-features',
  audience: ['merchant'],
  session: 'full',
  feature: 'merchant-staff',
  kind: 'read',
  audit: null,
  request: ZGetMerchantStaffFeaturesRequest,
  response: z.array(ZStaffFeatures),
});
export type TGetMerchantStaffFeaturesRequest = z.input<typeof ZGetMerchantStaffFeaturesRequest>;
