// The side menu's feature list, kept in session storage (spec 1 section 3). It is read when the
// shell opens; a non-200 answer means the session is gone: the client state is cleared and the
// app sends the user to send-otp with the logout notice (spec 1 section 8, spec 2 section 4;
// app/session-watcher.tsx). A transport failure is not a refusal: the menu offers Retry.
import { useQuery } from '@tanstack/react-query';
import { getDashboardFeatureListCall, ZFeatureGroup } from '@paywallet/contract';
import type { TFeatureGroup } from '@paywallet/contract';
import { z } from 'zod';
import { isApiError } from '../../../api/api-error.ts';
import { call } from '../../../api/client.ts';
import { useAccountKind } from '../../../hooks/use-account-kind.ts';
import { emitSessionEnded } from '../../../api/session-events.ts';
import { clearClientState, sessionState } from '../../../lib/storage.ts';

export const FEATURE_LIST_QUERY_KEY = ['feature-list'] as const;

function storedFeatureList(): TFeatureGroup[] | undefined {
  const parsed = z.array(ZFeatureGroup).safeParse(sessionState.get('featureList'));
  return parsed.success ? parsed.data : undefined;
}

async function readFeatureList(): Promise<TFeatureGroup[]> {
  try {
    // Not cancelled with its query: when the shell opens on an ended session, the wallet list or
    // the profile may be answered 401 first, and the cache is dropped then (app/session-watcher);
    // this answer must still arrive, as it is the one that decides the logout notice.
    const groups = await call(getDashboardFeatureListCall, {});
    sessionState.set('featureList', groups);
    return groups;
  } catch (error) {
    // Decided here rather than in a component: the screen that asked may be gone by the time
    // the answer comes (a 401 of another call has already left the shell).
    if (isApiError(error) && !error.isNetworkFailure) {
      clearClientState();
      emitSessionEnded('logged-out');
    }
    throw error;
  }
}

export function useFeatureList() {
  return useQuery<TFeatureGroup[], Error, TFeatureGroup[], typeof FEATURE_LIST_QUERY_KEY>({
    queryKey: FEATURE_LIST_QUERY_KEY,
    queryFn: readFeatureList,
    // The stored list is the starting data, not a placeholder: it is read again at once (it
    // counts as stale), and a read that fails at the transport keeps it, so the menu and the
    // screens stay usable while the network is down.
    initialData: storedFeatureList,
    initialDataUpdatedAt: 0,
  });
}

/** Whether the signed-in merchant holds the feature with this slug (the side menu's list). */
export function useHasFeature(slug: string): boolean {
  const kind = useAccountKind();
  const features = useFeatureList();
  return kind === 'merchant' && (features.data ?? []).some((group) => group.features.some((feature) => feature.slug === slug));
}
