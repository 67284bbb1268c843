// Payment attempt logs (route payment-link/attempt/{id}/detail?attempt=<uuid>, id = the link's
// token): the attempt's timeline titled with the payment uuid; Back returns to the attempts.
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { href, MERCHANT_PATHS } from '../../../lib/paths.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useAttemptLog, useLinkByToken } from '../api/payment-link-calls.ts';
import { AttemptTimeline } from '../../../components/attempt-timeline.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function PaymentLinkAttemptDetailPage() {
  const token = useParams().id ?? '';
  const [params] = useSearchParams();
  const attemptParam = params.get('attempt') ?? '';
  const attemptId = UUID.test(attemptParam) ? attemptParam : undefined;
  const link = useLinkByToken(token);
  const log = useAttemptLog(link.data?.id, attemptId);
  const back = href(MERCHANT_PATHS.paymentLinkAttempt, { id: token });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={1} size="h2">
            Payment Attempt Logs
          </Title>
          {log.isFetching && <Loader size="sm" aria-label="Loading logs" />}
        </Group>
        <Button variant="default" component={Link} to={back}>
          Back
        </Button>
      </Group>
      {attemptId === undefined && <ErrorState title="Attempt not found" message="Open an attempt from the attempts list." />}
      {link.data === null && <ErrorState title="Payment link not found" message="This link is not one of your payment links." />}
      {(link.isError || log.isError) && (
        <ErrorState
          message={(link.error ?? log.error)?.message}
          onRetry={() => {
            void link.refetch();
            void log.refetch();
          }}
        />
      )}
      {attemptId !== undefined && (link.isPending || (link.data && log.isPending)) && <LoadingState rows={3} />}
      {log.data === null && <EmptyState />}
      {log.data && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Text fw={600} style={{ wordBreak: 'break-all' }} data-testid="attempt-title">
              Payment {log.data.transaction_uuid ?? log.data.uuid}
            </Text>
            <AttemptTimeline first={log.data} logs={log.data.logs} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
