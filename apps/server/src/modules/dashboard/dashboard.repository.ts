// Queries of the dashboard: the side menu's features with their groups. Kysely only; `db` first.
import type { Queryable } from '../../db/database.ts';

export interface FeatureRow {
  id: number;
  slug: string;
  name: string;
  web_icon: string;
  group_name: string;
}

/** The features of an audience (and those for all), in menu order: group, then feature. */
export async function listMenuFeatures(db: Queryable, audience: 'consumer' | 'merchant'): Promise<FeatureRow[]> {
  return db
    .selectFrom('features')
    .innerJoin('feature_groups', 'feature_groups.id', 'features.group_id')
    .select(['features.id', 'features.slug', 'features.name', 'features.web_icon', 'feature_groups.name as group_name'])
    .where('features.audience', 'in', [audience, 'all'])
    .orderBy('feature_groups.sort')
    .orderBy('features.sort')
    .execute();
}
