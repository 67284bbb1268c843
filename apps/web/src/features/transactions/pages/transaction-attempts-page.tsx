// Transaction attempts (route transactions/attempts/{uuid}, spec 3 section 2.6): the merchant's
// card payment (amount, currency, status, date), then every attempt that made it, oldest first,
// each as the timeline of its steps: step 1 the attempt's first entry, its logs from 2, with
// Read more for a step's key/value data (the payment link attempt log reads the same way).
import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { TTransactionDetail } from '@paywallet/contract';
import { isApiError } from '../../../api/api-error.ts';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { Amount } from '../../../components/amount.tsx';
import { AttemptTimeline } from '../../../components/attempt-timeline.tsx';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useTransactionAttempts, useTransactionDetail } from '../api/transaction-calls.ts';
import { TransactionStatusBadge } from '../components/transaction-status-badge.tsx';
import { openedFromApp, returnPath } from '../return-to.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 404;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function TransactionHeader({ detail }: { detail: TTransactionDetail }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="attempts-transaction">
      <Stack gap="md">
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {detail.uuid}
        </Text>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Fact label="Amount">
            <Amount minor={detail.amount} fw={600} />
          </Fact>
          <Fact label="Currency">
            <Text size="sm">{detail.currency.code}</Text>
          </Fact>
          <Fact label="Status">
            <TransactionStatusBadge status={detail.status} />
          </Fact>
          <Fact label="Date (GMT)">
            <Text size="sm">
              <GmtDate value={detail.created_at} />
            </Text>
          </Fact>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

export function TransactionAttemptsPage() {
  const param = useParams()['uuid'] ?? '';
  // DECISIONS 49: Back returns where the attempts were opened from; opened directly, to my-transactions.
  const navigate = useNavigate();
  const { state } = useLocation();
  // Back in history when a screen of ours opened this one: the details keep where they came from.
  const back = () => (openedFromApp(state) ? navigate(-1) : navigate(returnPath(state, MERCHANT_PATHS.myTransactions)));
  const uuid = UUID.test(param) ? param.toLowerCase() : undefined;
  const detail = useTransactionDetail(uuid ?? '', uuid !== undefined);
  const attempts = useTransactionAttempts(uuid);
  // A transaction that is not the merchant's answers 404 to both calls: one message is enough.
  const notFound = [detail.error, attempts.error].some((error) => isApiError(error) && error.code === NOT_FOUND);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={1} size="h2">
            Transaction attempts
          </Title>
          {attempts.isFetching && !attempts.isPending && <Loader size="sm" aria-label="Loading attempts" />}
        </Group>
        <Button variant="default" onClick={back}>
          Back
        </Button>
      </Group>
      {(uuid === undefined || notFound) && (
        <ErrorState title="Transaction not found" message="Open a payment from your transactions to see its attempts." />
      )}
      {uuid !== undefined && !notFound && (
        <>
          {detail.isPending && <LoadingState rows={2} label="Loading the transaction" />}
          {detail.isError && (
            <ErrorState title="The transaction could not be loaded" message={detail.error.message} onRetry={() => void detail.refetch()} />
          )}
          {detail.data && <TransactionHeader detail={detail.data} />}
          {attempts.isPending && <LoadingState rows={3} label="Loading attempts" />}
          {attempts.isError && (
            <ErrorState title="The attempts could not be loaded" message={attempts.error.message} onRetry={() => void attempts.refetch()} />
          )}
          {attempts.data?.length === 0 && <EmptyState message="No attempts recorded" />}
          {attempts.data?.map((attempt, index) => (
            <Card key={index} withBorder radius="md" padding="lg" component="section" aria-labelledby={`attempt-${index + 1}`}>
              <Stack gap="md">
                <Group justify="space-between" gap="xs">
                  <Title order={2} size="h4" id={`attempt-${index + 1}`}>
                    Attempt {index + 1}
                  </Title>
                  <Text size="xs" c="dimmed">
                    <GmtDate value={attempt.created_at} /> · IP {attempt.ip}
                  </Text>
                </Group>
                <AttemptTimeline first={attempt} logs={attempt.logs} />
              </Stack>
            </Card>
          ))}
        </>
      )}
    </Stack>
  );
}
