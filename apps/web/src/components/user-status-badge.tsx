// The account status of a user (0 pending, 1 active, 2 inactive, 3 suspended).
import { Badge } from '@mantine/core';
import { USER_STATUS, USER_STATUS_LABEL, type TUserStatus } from '@paywallet/contract';

/** The badge colour of each account status, wherever a status is shown (the console's merchants too). */
export const USER_STATUS_COLOR: Readonly<Record<number, string>> = {
  [USER_STATUS.PENDING]: 'yellow',
  [USER_STATUS.ACTIVE]: 'green',
  [USER_STATUS.INACTIVE]: 'gray',
  [USER_STATUS.SUSPENDED]: 'red',
} satisfies Record<TUserStatus, string>;

export function UserStatusBadge({ status }: { status: number }) {
  return (
    <Badge color={USER_STATUS_COLOR[status] ?? 'gray'} variant="light" size="lg">
      {USER_STATUS_LABEL[status] ?? 'Unknown'}
    </Badge>
  );
}
