// The dashboard: the side menu of the signed-in account and the profile behind the top bar.
import { USER_STATUS, type TFeatureGroup, type TUser } from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { Scope } from '../../transport/scope.ts';
import { getUserView } from '../auth/users.service.ts';
import { listMenuFeatures } from './dashboard.repository.ts';

/**
 * The side menu: the features of the account's audience, grouped, in menu order; for a staff
 * member only the features granted to them.
 */
export async function featureListFor(deps: Deps, scope: Scope): Promise<TFeatureGroup[]> {
  // The operations console has its own menu (a later area); administrators get none here.
  if (scope.audience === 'admin') return [];
  const rows = await listMenuFeatures(deps.db, scope.audience === 'consumer' ? 'consumer' : 'merchant');
  const granted = scope.grantedFeatures;
  const groups = new Map<string, TFeatureGroup>();
  for (const row of rows) {
    if (granted !== null && !granted.has(row.slug)) continue;
    const group = groups.get(row.group_name) ?? { name: row.group_name, features: [] };
    group.features.push({ id: row.id, slug: row.slug, name: row.name, web_icon: row.web_icon });
    groups.set(row.group_name, group);
  }
  return [...groups.values()];
}

/** The person signed in, and whether an administrator is logged in as them. */
export async function profileFor(deps: Deps, scope: Scope): Promise<{ user: TUser; adminLogin: 0 | 1 }> {
  const user = await getUserView(deps.db, scope.actorUserId);
  // An administrator logged in as the merchant sees the account as active (spec 1 section 6).
  const impersonated = scope.impersonatorUserId !== null;
  if (impersonated) user.status = USER_STATUS.ACTIVE;
  return { user, adminLogin: impersonated ? 1 : 0 };
}
