// A screen that belongs to a menu feature opens only when the server's feature list grants that
// feature to the signed-in account (a staff member: only the features the owner granted; spec 3
// section 6). Otherwise the user sees a page saying so, never a blank screen. With `kind`, the
// screen is also only for that kind of account (the merchant's own paths).
// The server refuses the calls of a feature that is not granted anyway (403 FEATURE_NOT_GRANTED):
// this guard only spares the user a screen that could not load.
import type { ReactNode } from 'react';
import type { TFeatureSlug } from '@paywallet/contract';
import { ErrorState, LoadingState } from '../../components/query-states.tsx';
import { useFeatureList } from '../../features/shell/api/use-feature-list.ts';
import { useAccountKind } from '../../hooks/use-account-kind.ts';
import type { TAccountKind } from '../../lib/paths.ts';
import { NotAvailablePage } from '../pages/not-available-page.tsx';

export interface RequireFeatureProps {
  slug: TFeatureSlug;
  kind?: TAccountKind;
  children: ReactNode;
}

export function RequireFeature({ slug, kind, children }: RequireFeatureProps) {
  const features = useFeatureList();
  const accountKind = useAccountKind();
  if (kind && kind !== accountKind) return <NotAvailablePage />;
  if (!features.data) {
    if (features.isError) {
      return <ErrorState title="Your menu could not be loaded" message={features.error.message} onRetry={() => void features.refetch()} />;
    }
    return <LoadingState />;
  }
  const granted = features.data.some((group) => group.features.some((feature) => feature.slug === slug));
  return granted ? children : <NotAvailablePage />;
}
