// Screen 15: My Requests and User Requests. ?tab=user opens the second tab; Add Request shows
// on the first tab only. Each list keeps its own page in the URL beside the tab.
import { Button, Group, Tabs, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useUrlTab } from '../../../hooks/use-url-tab.ts';
import { PATHS } from '../../../lib/paths.ts';
import { MyRequestsPanel } from '../components/my-requests-panel.tsx';
import { UserRequestsPanel } from '../components/user-requests-panel.tsx';

type RequestTab = 'my' | 'user';

function tabOf(value: string | null): RequestTab {
  return value === 'user' ? 'user' : 'my';
}

export function RequestMoneyPage() {
  const navigate = useNavigate();
  const [tab, showTab] = useUrlTab(tabOf);

  return (
    <Tabs value={tab} onChange={showTab} keepMounted>
      <Group justify="space-between" mb="lg" gap="sm">
        <Title order={1} size="h2">
          Request Money
        </Title>
        {tab === 'my' && <Button onClick={() => navigate(PATHS.requestMoneyInitiate)}>Add Request</Button>}
      </Group>
      <Tabs.List mb="md">
        <Tabs.Tab value="my">My Requests</Tabs.Tab>
        <Tabs.Tab value="user">User Requests</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="my">
        <MyRequestsPanel />
      </Tabs.Panel>
      <Tabs.Panel value="user">
        <UserRequestsPanel />
      </Tabs.Panel>
    </Tabs>
  );
}
