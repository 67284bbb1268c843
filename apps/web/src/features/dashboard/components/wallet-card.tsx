// One wallet on the home screen: its currency (the rolling reserve as 'CODE / RR'), whether it is
// the default or the one chosen in the top bar, its account number, and its two balances.
// Badge text keeps 4.5:1 on white (WCAG AA): dark shades on outline badges, white on blue 8.
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { TWallet } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import { isDefaultWallet, isReserveWallet, walletLabel } from '../../../lib/wallets.ts';

export interface WalletCardProps {
  wallet: TWallet;
  /** The wallet the top bar shows (and the money forms preselect). */
  selected: boolean;
}

export function WalletCard({ wallet, selected }: WalletCardProps) {
  const label = walletLabel(wallet);
  const titleId = `wallet-${wallet.id}-title`;
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="lg"
      aria-labelledby={titleId}
      data-wallet-id={wallet.id}
      data-selected={selected || undefined}
      style={selected ? { borderColor: 'var(--mantine-color-blue-7)', boxShadow: '0 0 0 1px var(--mantine-color-blue-7)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Text id={titleId} fw={700} fz="lg">
              {label}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {wallet.account_number}
            </Text>
          </Stack>
          <Group gap={4} justify="flex-end">
            {isDefaultWallet(wallet) && (
              <Badge variant="outline" color="blue" c="blue.9">
                Default
              </Badge>
            )}
            {isReserveWallet(wallet) && (
              <Badge variant="outline" color="grape" c="grape.9">
                Rolling reserve
              </Badge>
            )}
            {selected && (
              <Badge variant="filled" color="blue">
                Selected
              </Badge>
            )}
          </Group>
        </Group>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Available
          </Text>
          <Amount minor={wallet.available_balance} currency={wallet.currency.code} decimals={wallet.currency.decimals} fz="xl" fw={700} />
        </Stack>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            On hold
          </Text>
          <Amount minor={wallet.balance_on_hold} currency={wallet.currency.code} decimals={wallet.currency.decimals} size="sm" fw={500} />
        </Group>
      </Stack>
    </Card>
  );
}
