// The settlement's and the rolling reserve's statuses as outlined badges with shade-9 text (the
// kit's badge rule: 4.5:1 on white, never cut short by a narrow column).
import { Badge } from '@mantine/core';
import { reserveStatusLabel, settlementStatusLabel } from '../settlement-view.ts';

const LOOK: Readonly<Record<string, { color: string; text: string }>> = {
  Pending: { color: 'yellow', text: 'dark.7' },
  Initiated: { color: 'blue', text: 'blue.9' },
  Cancelled: { color: 'gray', text: 'gray.8' },
  Done: { color: 'teal', text: 'teal.9' },
  Completed: { color: 'teal', text: 'teal.9' },
};
const UNKNOWN = { color: 'gray', text: 'gray.8' };

function StatusBadge({ label }: { label: string }) {
  const look = LOOK[label] ?? UNKNOWN;
  return (
    <Badge color={look.color} c={look.text} variant="outline" miw="max-content">
      {label}
    </Badge>
  );
}

export function SettlementStatusBadge({ status }: { status: number }) {
  return <StatusBadge label={settlementStatusLabel(status)} />;
}

export function ReserveStatusBadge({ status }: { status: number }) {
  return <StatusBadge label={reserveStatusLabel(status)} />;
}
