// The statistic tiles: each a count and a link to the transaction list filtered as it counted,
// so the number on the tile is the total the list shows.
import { Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { DASHBOARD_TILES } from '@paywallet/contract';
import { transactionsLink } from '../dashboard-view.ts';

export function StatisticTiles({ stats, walletId }: { stats: Record<string, number>; walletId: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="section" aria-label="Transaction statistics">
      {DASHBOARD_TILES.map((tile) => (
        <Card
          key={tile.label}
          component={Link}
          to={transactionsLink(walletId, tile.filters)}
          withBorder
          radius="md"
          padding="md"
          data-tile={tile.label}
        >
          <Text size="sm" c="dimmed">
            {tile.label}
          </Text>
          <Text fz="xl" fw={700} data-tile-count>
            {stats[tile.label] ?? 0}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
