// Who is told of a merchant's card payment: the main account and the staff members who may see
// such payments. Read here, from the users and their granted features, rather than through the
// staff module, which has no reason to know about payments (the KYC precedent in docs/modules.md).
// Kysely only.
import type { Queryable } from '../../db/database.ts';

export interface NoticeRecipientRow {
  id: bigint;
  /** The sign-in e-mail: where mail goes when the notification settings name no address. */
  email: string;
  /** The recipient's own notification settings (App Settings, Notification), when saved. */
  settings_email: string | null;
  settings_email_status: number | null;
}

/**
 * The main account first, then its staff members of `staffStatus` granted any of `featureSlugs`,
 * oldest first: at most `limitRows` in all, each with their notification settings (one query:
 * it runs inside the payment's transaction).
 */
export async function listPaymentNoticeRecipients(
  db: Queryable,
  merchantUserId: bigint,
  featureSlugs: readonly string[],
  staffStatus: number,
  limitRows: number,
): Promise<NoticeRecipientRow[]> {
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
