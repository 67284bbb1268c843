// A transaction's real status (DECISIONS 5): 0 Pending, 1 Success, 2 Failed, 3 Expired.
import { Badge } from '@mantine/core';
import { TRANSACTION_STATUS, TRANSACTION_STATUS_LABEL, type TTransactionStatus } from '@paywallet/contract';

/** The outline's colour, and a text shade dark enough for 4.5:1 on white (WCAG AA). */
const STATUS_LOOK: Readonly<Record<number, { color: string; text: string }>> = {
  [TRANSACTION_STATUS.PENDING]: { color: 'yellow', text: 'dark.7' },
  [TRANSACTION_STATUS.SUCCESS]: { color: 'teal', text: 'teal.9' },
  [TRANSACTION_STATUS.FAILED]: { color: 'red', text: 'red.9' },
  [TRANSACTION_STATUS.EXPIRED]: { color: 'gray', text: 'gray.8' },
} satisfies Record<TTransactionStatus, unknown>;
const UNKNOWN_LOOK = { color: 'gray', text: 'gray.8' };

// A badge is never cut short by a narrow column: the table scrolls sideways instead.
export function TransactionStatusBadge({ status }: { status: number }) {
  return (
    <Badge
      color={(STATUS_LOOK[status] ?? UNKNOWN_LOOK).color}
      c={(STATUS_LOOK[status] ?? UNKNOWN_LOOK).text}
      variant="outline"
      miw="max-content"
    >
      {TRANSACTION_STATUS_LABEL[status] ?? 'Unknown'}
    </Badge>
  );
}
