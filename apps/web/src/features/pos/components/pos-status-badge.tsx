// A POS device's status: 0 Inactive, 1 Active (spec 3 section 4).
import { Badge } from '@mantine/core';
import { POS_DEVICE_STATUS, POS_DEVICE_STATUS_LABEL, type TPosDeviceStatus } from '@paywallet/contract';

/** The outline's colour, and a text shade dark enough for 4.5:1 on white (WCAG AA). */
const STATUS_LOOK: Readonly<Record<number, { color: string; text: string }>> = {
  [POS_DEVICE_STATUS.INACTIVE]: { color: 'gray', text: 'gray.8' },
  [POS_DEVICE_STATUS.ACTIVE]: { color: 'teal', text: 'teal.9' },
} satisfies Record<TPosDeviceStatus, unknown>;

export function PosStatusBadge({ status }: { status: number }) {
  const look = STATUS_LOOK[status] ?? STATUS_LOOK[POS_DEVICE_STATUS.INACTIVE]!;
  return (
    <Badge color={look.color} c={look.text} variant="outline" miw="max-content">
      {POS_DEVICE_STATUS_LABEL[status] ?? 'Unknown'}
    </Badge>
  );
}
