// A transaction's real status (DECISIONS 5): 0 Pending, 1 Success, 2 Failed, 3 Expired.
import { Badge } from '@mantine/core';
import { TRANSACTION_STATUS_LABEL } from '@paywallet/contract';

/** The outline's colour, and a text shade dark enough for 4.5:1 on white (WCAG AA). */
const STATUS_LOOK: Record<number, { color: string; text: string }> = {
  0: { color: 'yellow', text: 'dark.7' },
  1: { color: 'teal', text: 'teal.9' },
  2: { color: 'red', text: 'red.9' },
  3: { color: 'gray', text: 'gray.8' },
};
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
