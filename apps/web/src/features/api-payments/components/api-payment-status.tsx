// An API payment's status (spec 2 section 4) in the colours of DECISIONS 48; a hosted payment
// past its expiry shows Initiated plus Expired (the server already answers Expired for such a row).
import { Badge, Group } from '@mantine/core';
import { API_PAYMENT_STATUS, API_PAYMENT_STATUS_LABEL, type TApiPaymentRow } from '@paywallet/contract';
import { apiPaymentStatusColor } from '../api-payment-colors.ts';

function StatusBadge({ status, label }: { status: number; label: string }) {
  return (
    <Badge color={apiPaymentStatusColor(status)} variant="light">
      {label}
    </Badge>
  );
}

export function ApiPaymentStatus({ row }: { row: TApiPaymentRow }) {
  if (row.status === API_PAYMENT_STATUS.EXPIRED && row.mode === 'hosted')
    return (
      <Group gap={4} wrap="nowrap">
        <StatusBadge status={API_PAYMENT_STATUS.INITIATED} label="Initiated" />
        <StatusBadge status={API_PAYMENT_STATUS.EXPIRED} label="Expired" />
      </Group>
    );
  return <StatusBadge status={row.status} label={row.status_str || (API_PAYMENT_STATUS_LABEL[row.status] ?? String(row.status))} />;
}
