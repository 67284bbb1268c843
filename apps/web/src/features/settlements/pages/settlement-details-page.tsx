// Aggregate and Direct Settlement Details (routes agregate-settlement/detail/{id} and
// direct-settlement/detail/{id}, spec 2): the header (settlement id, from and to dates, the
// account's currency) with Back To Settlement (the list on the settlement's tab, with the filters
// it was opened with, `propFilters`), the settlement's transactions (filtered by settlementId,
// refund rows expanding into the payment refunded; Load more) with Export Excel only (the
// `settlement` report), and the summary card.
import { Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { TEXTS, type TSettlementTypeName } from '@paywallet/contract';
import { isApiError } from '../../../api/api-error.ts';
import { CopyButton } from '../../../components/copy-button.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { ErrorState } from '../../../components/query-states.tsx';
import { KeyValueList } from '../../../components/key-value-list.tsx';
import { idParam } from '../../../lib/paths.ts';
import { useSettlementDetail } from '../api/settlement-calls.ts';
import { SettlementTransactionsTable } from '../components/settlement-transactions-table.tsx';
import { SettlementSummaryCard } from '../components/settlement-summary-card.tsx';
import { settlementsListPath } from '../settlement-view.ts';

const TITLE: Readonly<Record<TSettlementTypeName, string>> = {
  aggregate: 'Aggregate Settlement Details',
  direct: 'Direct Settlement Details',
};

export function SettlementDetailsPage({ type }: { type: TSettlementTypeName }) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const settlementId = idParam(id ?? null);
  const detail = useSettlementDetail(settlementId);
  const settlement = detail.settlement;
  const shownType = settlement?.type ?? type;
  const back = (
    <Button component={Link} to={settlementsListPath(shownType, params.get('propFilters'))} variant="default">
      Back To Settlement
    </Button>
  );
  const header = (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Title order={1} size="h2">
        {TITLE[shownType]}
      </Title>
      <Group gap="sm" align="flex-start">
        {back}
        {settlementId !== undefined && settlement && (
          <ExportButtons reportType="settlement" filters={{ settlementId }} formats={['excel']} />
        )}
      </Group>
    </Group>
  );
  if (settlementId === undefined || detail.error) {
    const notFound = settlementId === undefined || (isApiError(detail.error) && detail.error.reason === 'SETTLEMENT_NOT_FOUND');
    return (
      <Stack gap="lg">
        {header}
        <ErrorState
          title={notFound ? 'Settlement not found' : 'Could not load'}
          message={notFound ? 'This settlement does not exist or is not one of yours.' : (detail.error?.message ?? TEXTS.anError)}
          onRetry={notFound ? undefined : detail.retry}
        />
      </Stack>
    );
  }
  const currency = settlement?.user_account.currency.code ?? '';
  return (
    <Stack gap="lg">
      {header}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder padding="md" radius="md" component="section" aria-label="Settlement" h="100%">
            {settlement ? (
              <KeyValueList
                rows={[
                  {
                    label: 'Settlement Id',
                    value: (
                      <Group gap={4} wrap="nowrap" justify="flex-end" component="span">
                        <Text span size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="settlement-uuid">
                          {settlement.uuid}
                        </Text>
                        <CopyButton value={settlement.uuid} label="settlement id" />
                      </Group>
                    ),
                  },
                  { label: 'From Date', value: settlement.from_date },
                  { label: 'To Date', value: settlement.to_date },
                  { label: 'Account Currency', value: currency },
                ]}
              />
            ) : (
              <Skeleton height={96} aria-label="Loading settlement" />
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {detail.summary ? <SettlementSummaryCard summary={detail.summary} currency={currency} /> : <Skeleton height={180} />}
        </Grid.Col>
      </Grid>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Transactions
        </Title>
        <SettlementTransactionsTable list={detail.transactions} currency={currency} />
      </Stack>
    </Stack>
  );
}

export function AggregateSettlementDetailsPage() {
  return <SettlementDetailsPage type="aggregate" />;
}

export function DirectSettlementDetailsPage() {
  return <SettlementDetailsPage type="direct" />;
}
