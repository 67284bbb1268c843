// Who of a merchant hears of a money event: the main account and its staff members granted a
// feature that shows such events. Read from the users and their granted features, rather than
// through the staff module, which has no reason to know about payments or payouts (the KYC
// precedent in docs/modules.md). Kysely only.
import type { Queryable } from '../../db/database.ts';

export interface MerchantTeamMemberRow {
  id: bigint;
  /** The sign-in e-mail: where mail goes when the notification settings name no address. */
  email: string;
  /** The member's own notification settings (App Settings, Notification), when saved. */
  settings_email: string | null;
  settings_email_status: number | null;
}

/**
 * The main account first, then its staff members of `staffStatus` granted any of `featureSlugs`,
 * oldest first: at most `limitRows` in all, each with their notification settings (one query:
 * it runs inside the transaction of the event).
 */
export async function listMerchantTeam(
  db: Queryable,
  merchantUserId: bigint,
  featureSlugs: readonly string[],
  staffStatus: number,
  limitRows: number,
): Promise<MerchantTeamMemberRow[]> {
  return db
    .selectFrom('users')
    .leftJoin('merchant_notification_settings as settings', 'settings.user_id', 'users.id')
    .select(['users.id', 'users.email', 'settings.email as settings_email', 'settings.email_status as settings_email_status'])
    .where((eb) =>
      eb.or([
        eb('users.id', '=', merchantUserId),
        eb.and([
          eb('users.parent_user_id', '=', merchantUserId),
          eb('users.parent_user_id', '<>', 0n),
          eb('users.status', '=', staffStatus),
          eb.exists(
            eb
              .selectFrom('staff_features')
              .innerJoin('features', 'features.id', 'staff_features.feature_id')
              .select('staff_features.user_id')
              .whereRef('staff_features.user_id', '=', 'users.id')
              .where('features.slug', 'in', featureSlugs),
          ),
        ]),
      ]),
    )
    .orderBy((eb) => eb.case().when('users.id', '=', merchantUserId).then(0).else(1).end())
    .orderBy('users.id')
    .limit(limitRows)
    .execute();
}
