// A withdrawal request's status as a badge: 0 Pending, 1 Paid, 2 Rejected.
import { Badge } from '@mantine/core';
import { WITHDRAWAL_STATUS, WITHDRAWAL_STATUS_LABEL } from '@paywallet/contract';

const COLOR: Readonly<Record<number, string>> = {
  [WITHDRAWAL_STATUS.PENDING]: 'yellow',
  [WITHDRAWAL_STATUS.PAID]: 'teal',
  [WITHDRAWAL_STATUS.REJECTED]: 'red',
};

export const WITHDRAWAL_STATUS_OPTIONS = Object.entries(WITHDRAWAL_STATUS_LABEL).map(([value, label]) => ({ value, label }));

export function WithdrawalStatusBadge({ status }: { status: number }) {
  return (
    <Badge color={COLOR[status] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {WITHDRAWAL_STATUS_LABEL[status] ?? String(status)}
    </Badge>
  );
}
