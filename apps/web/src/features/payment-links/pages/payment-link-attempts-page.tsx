// Payment Attempts List (route payment-link/attempt/{id}, id = the link's token): IP and
// Time/Date of each attempt with a Logs action (opens payment-link-attempt-detail), a Back
// button and a spinner while loading. The attempts are cached per link (TanStack Query).
import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PAYMENT_LINK_STATUS, paymentLinkStatusStr, type TPaymentLinkAttempt } from '@paywallet/contract';
import { href, MERCHANT_PATHS } from '../../../lib/paths.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useLinkAttempts, useLinkByToken, wholeList } from '../api/payment-link-calls.ts';

const COLUMNS: DataColumn<TPaymentLinkAttempt>[] = [
  {
    accessor: 'ip',
    title: 'IP',
    render: (row) => (
      <Text component="span" size="sm" ff="monospace">
        {row.ip}
      </Text>
    ),
  },
  { accessor: 'created_at', title: 'Time/Date', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
];

/** In the attempts context (spec 3 section 4): Active reads Initiated (plus Expired once its lifetime ran out), Inactive in danger styling. */
function AttemptsLinkStatus({ status, expired }: { status: number; expired: boolean }) {
  return (
    <Group gap={6}>
      {status === PAYMENT_LINK_STATUS.ACTIVE ? (
        <Badge variant="outline" color="blue" c="blue.9">
          Initiated
        </Badge>
      ) : (
        <Badge variant="outline" color="red" c="red.9">
          {paymentLinkStatusStr(status)}
        </Badge>
      )}
      {expired && (
        <Badge variant="outline" color="red" c="red.9">
          Expired
        </Badge>
      )}
    </Group>
  );
}

export function PaymentLinkAttemptsPage() {
  const navigate = useNavigate();
  const token = useParams().id;
  const link = useLinkByToken(token);
  const attempts = useLinkAttempts(link.data?.id);
  const list = wholeList(attempts);
  const loading = link.isPending || (link.data !== null && attempts.isPending);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={1} size="h2">
            Payment Attempts
          </Title>
          {(loading || attempts.isFetching) && <Loader size="sm" aria-label="Loading attempts" />}
        </Group>
        <Button variant="default" component={Link} to={MERCHANT_PATHS.paymentLink}>
          Back
        </Button>
      </Group>
      {token && (
        <Group gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            Link {token}
          </Text>
          {link.data && <AttemptsLinkStatus status={link.data.status} expired={link.data.expired} />}
        </Group>
      )}
      {link.isError && <ErrorState message={link.error.message} onRetry={() => void link.refetch()} />}
      {link.data === null && <ErrorState title="Payment link not found" message="This link is not one of your payment links." />}
      {link.isPending && <LoadingState rows={3} />}
      {link.data && (
        <DataTable
          label="Payment Attempts"
          storageKey="table.payment-link-attempts"
          list={list}
          columns={COLUMNS}
          idAccessor="uuid"
          rowAttributes={(row) => ({ 'data-attempt': row.uuid })}
          actions={[
            {
              label: 'Logs',
              onClick: (row) => navigate(`${href(MERCHANT_PATHS.paymentLinkAttemptDetail, { id: token! })}?attempt=${row.uuid}`),
            },
          ]}
        />
      )}
    </Stack>
  );
}
