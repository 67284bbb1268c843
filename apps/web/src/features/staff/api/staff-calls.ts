// The staff area's reads: one staff member (the update and permissions screens open on `?id=`),
// the features a staff member holds, and the features the signed-in user may grant (their own
// menu: every merchant feature for the main account, the granted ones for a staff manager).
import { useQuery } from '@tanstack/react-query';
import { getDashboardFeatureListCall, getMerchantStaffCall, getMerchantStaffFeaturesCall, type TStaffRow } from '@paywallet/contract';
import { z } from 'zod';
import { call } from '../../../api/client.ts';

export const STAFF_QUERY_KEY = ['merchant-staff'] as const;

/** The staff list's filters as the URL holds them. */
export const ZStaffUrlFilters = z.object({ search: z.string().trim().max(100).optional() });

/** The staff member a screen acts on: `?id=` of the URL, or null when it is not a positive id. */
export function staffIdFrom(params: URLSearchParams): number | null {
  const id = Number(params.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function useStaffMember(userId: number | null) {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'member', userId],
    enabled: userId !== null,
    queryFn: async ({ signal }): Promise<TStaffRow | null> => {
      const answer = await call(getMerchantStaffCall, { userId: userId ?? 0, perPage: 1 }, { signal });
      return answer.data[0] ?? null;
    },
  });
}

/** Every feature the signed-in user may grant, grouped as the menu groups them. */
export function useGrantableFeatures() {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'grantable-features'],
    queryFn: ({ signal }) => call(getDashboardFeatureListCall, {}, { signal }),
  });
}

/** The ids of the features the staff member holds; held back until `enabled` (the 0.5 s delay). */
export function useStaffFeatureIds(userId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'features', userId],
    enabled: enabled && userId !== null,
    queryFn: async ({ signal }): Promise<number[]> => {
      const answer = await call(getMerchantStaffFeaturesCall, { userId: userId ?? 0 }, { signal });
      return (answer[0]?.features ?? []).map((feature) => feature.feature_id);
    },
  });
}
