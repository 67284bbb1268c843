// A POS device's status: 0 Inactive, 1 Active (spec 3 section 4).
import { Badge } from '@mantine/core';
import { POS_DEVICE_STATUS_LABEL } from '@paywallet/contract';

/** The outline's colour, and a text shade dark enough for 4.5:1 on white (WCAG AA). */
const STATUS_LOOK: Record<number, { color: string; text: string }> = {
  0: { color: 'gray', text: 'gray.8' },
  1: { color: 'teal', text: 'teal.9' },
};

export function PosStatusBadge({ status }: { status: number }) {
  const look = STATUS_LOOK[status] ?? STATUS_LOOK[0]!;
  return (
    <Badge color={look.color} c={look.text} variant="outline" miw="max-content">
      {POS_DEVICE_STATUS_LABEL[status] ?? 'Unknown'}
    </Badge>
  );
}
