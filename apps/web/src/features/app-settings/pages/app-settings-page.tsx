// App Settings (route app-setting, spec 2): three side tabs, API Keys, Notification (hidden when
// an administrator is logged in as the merchant) and POS Webhook Settings. The tab is in the URL
// (?tab=api-keys|notification|webhook), so the top bar's API Keys modal can link to its tab. At
// phone width the tabs become a select above the panel.
import { NativeSelect, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useNotificationSettingsVisible } from '../../../hooks/use-admin-session.ts';
import { usePhoneWidth } from '../../../hooks/use-phone-width.ts';
import { useAppSettings, useNotificationSettings } from '../api/app-settings-calls.ts';
import { ApiKeysPanel } from '../components/api-keys-panel.tsx';
import { NotificationPanel } from '../components/notification-panel.tsx';
import { WebhookPanel } from '../components/webhook-panel.tsx';

const TABS = [
  { value: 'api-keys', label: 'API Keys' },
  { value: 'notification', label: 'Notification' },
  { value: 'webhook', label: 'POS Webhook Settings' },
] as const;
type TabName = (typeof TABS)[number]['value'];

function NotificationTab() {
  const userData = useNotificationSettings();
  if (userData.isPending) return <LoadingState />;
  if (userData.isError) return <ErrorState message={userData.error.message} onRetry={() => void userData.refetch()} />;
  return <NotificationPanel user={userData.data} />;
}

export function AppSettingsPage() {
  const [params, setParams] = useSearchParams();
  const phone = usePhoneWidth();
  const notificationVisible = useNotificationSettingsVisible();
  const settings = useAppSettings();
  const tabs = TABS.filter((tab) => tab.value !== 'notification' || notificationVisible);
  const asked = params.get('tab');
  const tab: TabName = tabs.some((entry) => entry.value === asked) ? (asked as TabName) : 'api-keys';
  const choose = (value: string | null) => {
    if (!value) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  let panel;
  if (tab === 'notification') panel = <NotificationTab />;
  else if (settings.isPending) panel = <LoadingState />;
  else if (settings.isError) panel = <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  else if (!settings.data) panel = <ErrorState onRetry={() => void settings.refetch()} />;
  else panel = tab === 'api-keys' ? <ApiKeysPanel record={settings.data} /> : <WebhookPanel record={settings.data} />;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        App Settings
      </Title>
      {/* One tree at every width: the panel (and a dialog open in it) survives a resize. At phone
          width the tab list is hidden and a select chooses the section. */}
      <Tabs value={tab} onChange={choose} orientation={phone ? 'horizontal' : 'vertical'} keepMounted={false}>
        {phone && (
          <NativeSelect
            label="Section"
            mb="md"
            data={tabs.map((entry) => ({ value: entry.value, label: entry.label }))}
            value={tab}
            onChange={(event) => choose(event.currentTarget.value)}
          />
        )}
        <Tabs.List miw={220} display={phone ? 'none' : undefined}>
          {tabs.map((entry) => (
            <Tabs.Tab key={entry.value} value={entry.value}>
              {entry.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((entry) => (
          <Tabs.Panel key={entry.value} value={entry.value} pl={phone ? 0 : 'lg'} style={{ flex: 1, minWidth: 0 }}>
            {entry.value === tab ? panel : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
