import { z } from 'zod';
import { defineCall } from '../call.ts';
import { ZFeatureGroup } from '../entities.ts';

export const getDashboardFeatureList = defineCall({
  path: 'get-dashboard-feature-list',
  auth: 'user',
  request: z.object({}).loose(),
  response: z.array(ZFeatureGroup),
});
