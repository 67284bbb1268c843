// What other modules may know of a user account, as the API shows it. They ask here, never
// auth's repositories (the dashboard's profile call, for one).
import type { TUser } from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import { getUserById } from './users.repository.ts';
import { toUserView } from './user-view.ts';

/** The user as the API shows it (spec 1 section 3); the user must exist. */
export async function getUserView(db: Queryable, userId: bigint): Promise<TUser> {
  return toUserView(await getUserById(db, userId));
}
