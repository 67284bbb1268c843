// A breakdown list with its period dropdown (the countries, the transaction types): each row a
// name, a count and an amount; 'No Data' when the period has nothing. The countries card is at
// most 200px high (spec 2 Dashboard) and scrolls.
import { Card, Group, ScrollArea, Select, Stack, Text, Title } from '@mantine/core';
import { DASHBOARD_PERIODS, DASHBOARD_PERIOD_VALUES, type TDashboardPeriod } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import { EmptyState } from '../../../components/query-states.tsx';

export interface BreakdownRow {
  name: string;
  count: number;
  total: number;
}

const PERIOD_OPTIONS = DASHBOARD_PERIOD_VALUES.map((value) => ({ value, label: DASHBOARD_PERIODS[value] }));

export function BreakdownCard(props: {
  title: string;
  rows: BreakdownRow[];
  currency: string;
  period: TDashboardPeriod;
  onPeriod: (period: TDashboardPeriod) => void;
  maxHeight?: number;
}) {
  const id = `breakdown-${props.title.toLowerCase().replace(/\W+/g, '-')}`;
  const list = (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {props.rows.map((row) => (
        <Group key={row.name} component="li" justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" truncate>
            {row.name}{' '}
            <Text span c="dimmed" size="xs">
              ({row.count})
            </Text>
          </Text>
          <Amount minor={row.total} currency={props.currency} size="sm" fw={600} />
        </Group>
      ))}
    </Stack>
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id} data-breakdown={props.title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id={id}>
            {props.title}
          </Title>
          <Select
            aria-label={`${props.title} period`}
            data={PERIOD_OPTIONS}
            value={props.period}
            onChange={(value) => value && props.onPeriod(value as TDashboardPeriod)}
            allowDeselect={false}
            w={160}
          />
        </Group>
        {props.rows.length === 0 ? (
          <EmptyState message="No Data" />
        ) : props.maxHeight ? (
          <ScrollArea.Autosize mah={props.maxHeight}>{list}</ScrollArea.Autosize>
        ) : (
          list
        )}
      </Stack>
    </Card>
  );
}
