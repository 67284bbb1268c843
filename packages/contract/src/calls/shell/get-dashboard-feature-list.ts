import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../../call.ts';
import { ZFeatureGroup } from '../../entities.ts';

/** The side menu: the features this person may use (a staff member: only those granted). */
export const getDashboardFeatureListCall = defineCall({
  path: 'get-dashboard-feature-list',
  ...SIGNED_IN,
  kind: 'read',
  audit: null,
  request: z.object({}).loose(),
  response: z.array(ZFeatureGroup),
});
