// An API payment's status (spec 2 section 4): Initiated; Paid shown with its status_str in
// danger styling; any other value in warning styling; a hosted payment past its expiry shows
// Initiated plus Expired (the server already answers Expired for such a row).
import { Badge, Group } from '@mantine/core';
import { API_PAYMENT_STATUS, type TApiPaymentRow } from '@paywallet/contract';

export function ApiPaymentStatus({ row }: { row: TApiPaymentRow }) {
  if (row.status === API_PAYMENT_STATUS.INITIATED)
    return (
      <Badge color="blue.8" miw="fit-content">
        Initiated
      </Badge>
    );
  if (row.status === API_PAYMENT_STATUS.EXPIRED && row.mode === 'hosted')
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
    <Badge color={row.status === API_PAYMENT_STATUS.PAID ? 'red.9' : 'orange.9'} miw="fit-content">
      {row.status_str}
    </Badge>
  );
}
