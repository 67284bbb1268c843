// A transaction's real status (DECISIONS 5): 0 Pending, 1 Success, 2 Failed, 3 Expired.
import { Badge } from '@mantine/core';
import { TRANSACTION_STATUS_LABEL } from '@paywallet/contract';

const STATUS_COLOR: Record<number, string> = { 0: 'yellow', 1: 'teal', 2: 'red', 3: 'gray' };

export function TransactionStatusBadge({ status }: { status: number }) {
  return (
    <Badge color={STATUS_COLOR[status] ?? 'gray'} variant="light">
      {TRANSACTION_STATUS_LABEL[status] ?? 'Unknown'}
    </Badge>
  );
}
