// This month's earnings against last month ('more' or 'less' earnings than last month), and the
// donut of this month's money by transaction type.
import '@mantine/charts/styles.css';
import { DonutChart } from '@mantine/charts';
import { Card, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import type { TDashboardOverview } from '@paywallet/contract';
import { Amount, formatAmount } from '../../../components/amount.tsx';
import { EmptyState } from '../../../components/query-states.tsx';
import { comparedWithLastMonth } from '../dashboard-view.ts';

const DONUT_COLORS = ['blue.7', 'teal.7', 'grape.7', 'orange.7', 'cyan.7', 'red.7', 'lime.8', 'indigo.7'];

export function EarningsCard({ otherData }: { otherData: TDashboardOverview['otherData'] }) {
  const currency = otherData.wallet.currency.code;
  const difference = Math.abs(otherData.currentMoth - otherData.preMonthAvr);
  const slices = otherData.transactionTypesMonthlyData.map((row, index) => ({
    name: row.transaction_type.name,
    value: row.total,
    color: DONUT_COLORS[index % DONUT_COLORS.length]!,
  }));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="earnings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="earnings-title">
          Current Month Earnings
        </Title>
        <Amount minor={otherData.currentMoth} currency={currency} fz="xl" fw={700} data-testid="current-month" />
        <Text size="sm" c="dimmed" data-testid="earnings-comparison">
          {formatAmount(difference, currency)} {comparedWithLastMonth(otherData.currentMoth, otherData.preMonthAvr)}
        </Text>
        {slices.length === 0 ? (
          <EmptyState message="No Data" />
        ) : (
          <>
            <Group justify="center" role="img" aria-label="This month by transaction type">
              <DonutChart data={slices} withTooltip tooltipDataSource="segment" valueFormatter={(value) => formatAmount(value, currency)} />
            </Group>
            <Group gap="md" justify="center" wrap="wrap" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {slices.map((slice) => (
                <Group key={slice.name} gap={6} component="li" wrap="nowrap">
                  <ColorSwatch color={`var(--mantine-color-${slice.color.replace('.', '-')})`} size={12} />
                  <Text size="xs">
                    {slice.name}: {formatAmount(slice.value, currency)}
                  </Text>
                </Group>
              ))}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
