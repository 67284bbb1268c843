// A group of routes behind one menu feature: a pathless layout route whose element is the
// feature guard. Each area's route list wraps its screens in one of these.
import { Outlet } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import type { TFeatureSlug } from '@paywallet/contract';
import { RequireFeature } from '../guards/require-feature.tsx';
import type { TAccountKind } from '../../lib/paths.ts';

export function featureGroup(slug: TFeatureSlug, children: RouteObject[], kind?: TAccountKind): RouteObject {
  return {
    element: (
      <RequireFeature slug={slug} kind={kind}>
        <Outlet />
      </RequireFeature>
    ),
    children,
  };
}
