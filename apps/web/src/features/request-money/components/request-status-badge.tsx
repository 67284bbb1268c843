// A money request's status (spec 1 section 4), labelled with the server's statusStr.
import { Badge } from '@mantine/core';
import type { TMoneyRequestStatus } from '@paywallet/contract';

const STATUS_COLOR: Record<TMoneyRequestStatus, string> = {
  PENDING: 'yellow',
  ACCEPTED: 'teal',
  REJECTED: 'red',
  CANCELED: 'gray',
};

export function RequestStatusBadge({ status, label }: { status: TMoneyRequestStatus; label: string }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {label}
    </Badge>
  );
}
