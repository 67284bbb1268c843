// The merchant's overview (spec 2 Dashboard) for the wallet chosen in the top bar: the tiles, the
// on-hold and available cards, this month's earnings with the donut, the revenue chart, and the
// countries and transaction-type lists with their periods. Loading, error and 'No Data' states.
import { useState } from 'react';
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { TDashboardPeriod } from '@paywallet/contract';
import { ErrorState } from '../../../components/query-states.tsx';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TDashboardOverview } from '@paywallet/contract';
import { BalanceCards } from './balance-cards.tsx';
import { BreakdownCard } from './breakdown-card.tsx';
import { EarningsCard } from './earnings-card.tsx';
import { RevenueChart } from './revenue-chart.tsx';
import { StatisticTiles } from './statistic-tiles.tsx';

const COUNTRIES_MAX_HEIGHT_PX = 200;

export interface OverviewProps {
  overview: UseQueryResult<TDashboardOverview>;
  countriesPeriod: TDashboardPeriod;
  transactionTypesPeriod: TDashboardPeriod;
  onCountriesPeriod: (period: TDashboardPeriod) => void;
  onTransactionTypesPeriod: (period: TDashboardPeriod) => void;
}

export function MerchantOverview(props: OverviewProps) {
  const { overview } = props;
  if (overview.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the overview">
        <Skeleton height={80} radius="md" />
        <Skeleton height={96} radius="md" />
        <Skeleton height={260} radius="md" />
      </Stack>
    );
  }
  if (overview.isError) {
    return <ErrorState title="The overview could not be loaded" message={overview.error.message} onRetry={() => void overview.refetch()} />;
  }
  const { stats, otherData } = overview.data;
  const currency = otherData.wallet.currency.code;
  return (
    <Stack gap="md">
      <StatisticTiles stats={stats} walletId={otherData.wallet.id} />
      <BalanceCards wallet={otherData.wallet} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <EarningsCard otherData={otherData} />
        <RevenueChart otherData={otherData} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <BreakdownCard
          title="Countries"
          rows={otherData.countiesData.map((row) => ({ name: row.country_code ?? 'Unknown', count: row.count, total: row.total }))}
          currency={currency}
          period={props.countriesPeriod}
          onPeriod={props.onCountriesPeriod}
          maxHeight={COUNTRIES_MAX_HEIGHT_PX}
        />
        <BreakdownCard
          title="Transaction Types"
          rows={otherData.transactionTypesData.map((row) => ({ name: row.transaction_type.name, count: row.count, total: row.total }))}
          currency={currency}
          period={props.transactionTypesPeriod}
          onPeriod={props.onTransactionTypesPeriod}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The overview's state for the page: the periods, and the read of the chosen currency. */
export function useOverviewPeriods() {
  const [countriesPeriod, setCountriesPeriod] = useState<TDashboardPeriod>('this_month');
  const [transactionTypesPeriod, setTransactionTypesPeriod] = useState<TDashboardPeriod>('this_month');
  return { countriesPeriod, transactionTypesPeriod, setCountriesPeriod, setTransactionTypesPeriod };
}
