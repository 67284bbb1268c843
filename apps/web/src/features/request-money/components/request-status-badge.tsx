// A money request's status (spec 1 section 4), labelled with the server's statusStr.
import { Badge } from '@mantine/core';
import type { TMoneyRequestStatus } from '@paywallet/contract';

/** The outline's colour, and a text shade dark enough for 4.5:1 on white (WCAG AA). */
const STATUS_LOOK: Record<TMoneyRequestStatus, { color: string; text: string }> = {
  PENDING: { color: 'yellow', text: 'dark.7' },
  ACCEPTED: { color: 'teal', text: 'teal.9' },
  REJECTED: { color: 'red', text: 'red.9' },
  CANCELED: { color: 'gray', text: 'gray.8' },
};

// A badge is never cut short by a narrow column: the table scrolls sideways instead.
export function RequestStatusBadge({ status, label }: { status: TMoneyRequestStatus; label: string }) {
  return (
    <Badge color={STATUS_LOOK[status].color} c={STATUS_LOOK[status].text} variant="outline" miw="max-content">
      {label}
    </Badge>
  );
}
