// The yearly revenue chart: money in per month, January to December, Success beside Pending,
// with a year selector, the year's success and pending totals and View all Transactions.
// 'No Data' when the chosen year has nothing.
import '@mantine/charts/styles.css';
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CHART_MONTHS, type TDashboardOverview } from '@paywallet/contract';
import { Amount, formatAmount } from '../../../components/amount.tsx';
import { EmptyState } from '../../../components/query-states.tsx';
import { transactionsLink } from '../dashboard-view.ts';

const sum = (values: readonly number[] | undefined) => (values ?? []).reduce((total, value) => total + value, 0);

export function RevenueChart({ otherData }: { otherData: TDashboardOverview['otherData'] }) {
  const years = Object.keys(otherData.graphData).sort().reverse();
  const [chosen, setChosen] = useState<string | null>(null);
  const year = chosen !== null && years.includes(chosen) ? chosen : (years[0] ?? String(new Date().getUTCFullYear()));
  const series = otherData.graphData[year] ?? {};
  const currency = otherData.wallet.currency.code;
  const data = CHART_MONTHS.map((month, index) => ({
    month,
    Success: series.Success?.[index] ?? 0,
    Pending: series.Pending?.[index] ?? 0,
  }));
  const success = sum(series.Success);
  const pending = sum(series.Pending);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="revenue-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id="revenue-title">
            Revenue
          </Title>
          <Select
            aria-label="Year"
            data={years}
            value={year}
            onChange={(value) => setChosen(value)}
            allowDeselect={false}
            w={110}
            data-testid="revenue-year"
          />
        </Group>
        <Group gap="lg" wrap="wrap">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Success
            </Text>
            <Amount minor={success} currency={currency} fw={700} data-testid="revenue-success" />
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Pending
            </Text>
            <Amount minor={pending} currency={currency} fw={700} data-testid="revenue-pending" />
          </Stack>
        </Group>
        {success + pending === 0 ? (
          <EmptyState message="No Data" />
        ) : (
          <div role="img" aria-label={`Revenue by month in ${year}`}>
            <BarChart
              h={260}
              data={data}
              dataKey="month"
              series={[
                { name: 'Success', color: 'teal.7' },
                { name: 'Pending', color: 'yellow.7' },
              ]}
              valueFormatter={(value) => formatAmount(value, currency)}
            />
          </div>
        )}
        <Text size="xs" c="dimmed">
          Revenue report: transactions versus pending. Updated just now.
        </Text>
        <Group>
          <Button component={Link} to={transactionsLink(otherData.wallet.id)} variant="light">
            View all Transactions
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
