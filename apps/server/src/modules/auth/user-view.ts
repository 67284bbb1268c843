// The logged-in user as the API shows it (spec 1 section 3).
import type { TUser } from '@paywallet/contract';
import type { UserRow } from './users.repository.ts';

export function toUserView(user: UserRow): TUser {
  return {
    id: Number(user.id),
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone_number: user.phone_number,
    avatar: user.avatar,
    last_login_at: user.last_login_at ? new Date(user.last_login_at).toISOString() : null,
    status: user.status,
    passcode_set: user.passcode_hash ? 1 : 0,
    parent_user_id: Number(user.parent_user_id),
    type: user.type,
    business_name: user.business_name,
  };
}
