// An API payment's status (spec 2 section 4): 1 Initiated; 2 shown with its status_str in
// danger styling; any other value in warning styling; Initiated past its expiry shows
// Initiated plus Expired. The server already answers 3 Expired for such a row.
import { Badge, Group } from '@mantine/core';
import type { TApiPaymentRow } from '@paywallet/contract';

export function ApiPaymentStatus({ row }: { row: TApiPaymentRow }) {
  if (row.status === 1)
    return (
      <Badge color="blue.8" miw="fit-content">
        Initiated
      </Badge>
    );
  if (row.status === 3 && row.mode === 'hosted')
    return (
      <Group gap={4} wrap="nowrap">
        <Badge color="blue.8" miw="fit-content">
          Initiated
        </Badge>
        <Badge color="orange.9" miw="fit-content">
          Expired
        </Badge>
      </Group>
    );
  return (
    <Badge color={row.status === 2 ? 'red.9' : 'orange.9'} miw="fit-content">
      {row.status_str}
    </Badge>
  );
}
