// Withdrawals (route `with-drawal`, spec 2): two tabs, Withdrawal Methods (Add Method) and
// Withdrawal Requests (Add Request); ?tab=2 opens the requests, which load 1 s after the screen.
import { Button, Group, Tabs, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useUrlTab } from '../../../hooks/use-url-tab.ts';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { WithdrawalMethodsPanel } from '../components/withdrawal-methods-panel.tsx';
import { WithdrawalRequestsPanel } from '../components/withdrawal-requests-panel.tsx';

type WithdrawalTab = '1' | '2';

function tabOf(value: string | null): WithdrawalTab {
  return value === '2' ? '2' : '1';
}

export function WithdrawalsPage() {
  const [tab, showTab] = useUrlTab(tabOf);
  return (
    <Tabs value={tab} onChange={showTab} keepMounted>
      <Group justify="space-between" mb="lg" gap="sm">
        <Title order={1} size="h2">
          Withdrawals
        </Title>
        {tab === '1' ? (
          <Button component={Link} to={MERCHANT_PATHS.withdrawalMethodAdd}>
            Add Method
          </Button>
        ) : (
          <Button component={Link} to={MERCHANT_PATHS.withdrawalRequestAdd}>
            Add Request
          </Button>
        )}
      </Group>
      <Tabs.List mb="md">
        <Tabs.Tab value="1">Withdrawal Methods</Tabs.Tab>
        <Tabs.Tab value="2">Withdrawal Requests</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="1">
        <WithdrawalMethodsPanel />
      </Tabs.Panel>
      <Tabs.Panel value="2">
        <WithdrawalRequestsPanel />
      </Tabs.Panel>
    </Tabs>
  );
}
