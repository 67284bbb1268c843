// The side menu's feature list, kept in session storage (spec 1 section 3). A non-200 answer
// ends the session: the user goes back to send-otp (spec 1 section 8).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { getDashboardFeatureList, ZFeatureGroup } from '@paywallet/contract';
import type { TFeatureGroup } from '@paywallet/contract';
import { z } from 'zod';
import { isApiError } from '../../../api/api-error.ts';
import { call } from '../../../api/client.ts';
import { clearClientState, sessionState } from '../../../lib/storage.ts';

export const FEATURE_LIST_QUERY_KEY = ['feature-list'] as const;

function storedFeatureList(): TFeatureGroup[] | undefined {
  const parsed = z.array(ZFeatureGroup).safeParse(sessionState.get('featureList'));
  return parsed.success ? parsed.data : undefined;
}

export function useFeatureList() {
  const navigate = useNavigate();
  const query = useQuery<TFeatureGroup[], Error, TFeatureGroup[], typeof FEATURE_LIST_QUERY_KEY>({
    queryKey: FEATURE_LIST_QUERY_KEY,
    queryFn: async ({ signal }): Promise<TFeatureGroup[]> => {
      const groups = await call(getDashboardFeatureList, {}, { signal });
      sessionState.set('featureList', groups);
      return groups;
    },
    placeholderData: (previous) => previous ?? storedFeatureList(),
  });

  const refused = query.isError && isApiError(query.error) && !query.error.isNetworkFailure;
  useEffect(() => {
    if (!refused) return;
    clearClientState();
    navigate('/auth/send-otp', { replace: true });
  }, [refused, navigate]);

  return query;
}

/** Where a feature's link goes: the dashboard is the app home, the rest live under /app. */
export function featurePath(slug: string): string {
  return slug === 'dashboard-overview' ? '/app' : `/app/${slug}`;
}
