// A refund's status as a badge: 0 Pending, 1 Initiated, 2 Processed, 3 Canceled, 4 Rejected.
import { Badge } from '@mantine/core';
import { REFUND_REQUEST_STATUS, REFUND_REQUEST_STATUS_LABEL } from '@paywallet/contract';

const COLOR: Readonly<Record<number, string>> = {
  [REFUND_REQUEST_STATUS.PENDING]: 'yellow',
  [REFUND_REQUEST_STATUS.INITIATED]: 'blue',
  [REFUND_REQUEST_STATUS.PROCESSED]: 'teal',
  [REFUND_REQUEST_STATUS.CANCELED]: 'gray',
  [REFUND_REQUEST_STATUS.REJECTED]: 'red',
};

export const REFUND_STATUS_OPTIONS = Object.entries(REFUND_REQUEST_STATUS_LABEL).map(([value, label]) => ({ value, label }));

export function RefundStatusBadge({ status }: { status: number }) {
  return (
    <Badge color={COLOR[status] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {REFUND_REQUEST_STATUS_LABEL[status] ?? String(status)}
    </Badge>
  );
}
