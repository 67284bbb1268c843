// The on-hold card (View Hold, to the held balance of this wallet) and the available card (View
// Ledger, to the account ledger).
import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TDashboardOverview } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import { PATHS } from '../../../lib/paths.ts';

type OverviewWallet = TDashboardOverview['otherData']['wallet'];

function BalanceCard({ title, minor, currency, action }: { title: string; minor: number; currency: string; action: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text size="sm" c="dimmed" fw={600}>
            {title}
          </Text>
          <Amount minor={minor} currency={currency} fz="xl" fw={700} />
        </Stack>
        {action}
      </Group>
    </Card>
  );
}

export function BalanceCards({ wallet }: { wallet: OverviewWallet }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <BalanceCard
        title="On Hold Balance"
        minor={wallet.balance_on_hold}
        currency={wallet.currency.code}
        action={
          <Button component={Link} to={`${PATHS.holdBalance}?userAccountId=${wallet.id}`} variant="light">
            View Hold
          </Button>
        }
      />
      <BalanceCard
        title="Available Balance"
        minor={wallet.available_balance}
        currency={wallet.currency.code}
        action={
          <Button component={Link} to={`${PATHS.accountLedger}?userAccountId=${wallet.id}`} variant="light">
            View Ledger
          </Button>
        }
      />
    </SimpleGrid>
  );
}
