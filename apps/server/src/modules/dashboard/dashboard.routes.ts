import { getDashboardFeatureList, getUserProfile, type TFeatureGroup } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { getUserById } from '../auth/users.repository.ts';
import { toUserView } from '../auth/user-view.ts';

/** The side menu: the features of the user's kind of account, grouped, in menu order. */
export async function featureListFor(deps: Deps, userId: bigint): Promise<TFeatureGroup[]> {
  const user = await getUserById(deps.db, userId);
  const audience = user.type === 'consumer' ? 'consumer' : 'merchant';
  const rows = await deps.db
    .selectFrom('features')
    .innerJoin('feature_groups', 'feature_groups.id', 'features.group_id')
    .select(['features.id', 'features.slug', 'features.name', 'features.web_icon', 'feature_groups.name as group_name'])
    .where('features.audience', 'in', [audience, 'all'])
    .orderBy('feature_groups.sort')
    .orderBy('features.sort')
    .execute();
  const groups = new Map<string, TFeatureGroup>();
  for (const row of rows) {
    const group = groups.get(row.group_name) ?? { name: row.group_name, features: [] };
    group.features.push({ id: row.id, slug: row.slug, name: row.name, web_icon: row.web_icon });
    groups.set(row.group_name, group);
  }
  return [...groups.values()];
}

export function registerDashboardCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getDashboardFeatureList, async (_input, ctx) => ({ data: await featureListFor(deps, ctx.session.userId) }));
  dispatcher.register(getUserProfile, async (_input, ctx) => {
    const user = toUserView(await getUserById(deps.db, ctx.session.userId));
    // An administrator logged in as the merchant sees the account as active (spec 1 section 6).
    if (ctx.session.adminLogin) user.status = 1;
    return { data: { user, adminLogin: ctx.session.adminLogin ? 1 : 0 } };
  });
}
