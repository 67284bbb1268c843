// The account status of a user (0 pending, 1 active, 2 inactive, 3 suspended).
import { Badge } from '@mantine/core';
import { USER_STATUS_LABEL } from '@paywallet/contract';

const STATUS_COLOR: Record<number, string> = { 0: 'yellow', 1: 'green', 2: 'gray', 3: 'red' };

export function UserStatusBadge({ status }: { status: number }) {
  return (
    <Badge color={STATUS_COLOR[status] ?? 'gray'} variant="light" size="lg">
      {USER_STATUS_LABEL[status] ?? 'Unknown'}
    </Badge>
  );
}
