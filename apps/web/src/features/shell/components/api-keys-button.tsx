// The top bar's API Keys button (DECISIONS 35): a modal with the client id and, for the main
// account only, the client secret, each with Copy, and a link to the API Keys tab of App
// Settings. Shown to merchants who have the App Settings feature, from the sm breakpoint up; the
// settings are read when the modal opens.
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { getMerchantAppSettingsCall } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { CopyButton } from '../../../components/copy-button.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useAccountKind } from '../../../hooks/use-account-kind.ts';
import { usePhoneWidth } from '../../../hooks/use-phone-width.ts';
import { useFeatureList } from '../api/use-feature-list.ts';

function Credential({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput label={label} value={value} readOnly style={{ flex: 1, minWidth: 0 }} styles={{ input: { fontFamily: 'monospace' } }} />
      <CopyButton value={value} label={label} />
    </Group>
  );
}

function ApiKeysContent({ onClose }: { onClose: () => void }) {
  const settings = useQuery({
    // The same key as App Settings' record: a revoke there refreshes this too.
    queryKey: ['app-settings', 'record'],
    queryFn: async ({ signal }) => (await call(getMerchantAppSettingsCall, {}, { signal }))[0] ?? null,
  });
  if (settings.isPending) return <LoadingState />;
  if (settings.isError || !settings.data) return <ErrorState onRetry={() => void settings.refetch()} />;
  const record = settings.data;
  return (
    <Stack gap="md">
      <Credential label="Client ID" value={record.client_id} />
      {record.client_secret !== null ? (
        <Credential label="Client Secret" value={record.client_secret} />
      ) : (
        <Alert color="gray" variant="light">
          The client secret is shown to the main account only.
        </Alert>
      )}
      <Anchor component={Link} to={`${MERCHANT_PATHS.appSetting}?tab=api-keys`} onClick={onClose}>
        Manage API keys in App Settings
      </Anchor>
    </Stack>
  );
}

export function ApiKeysButton() {
  const [opened, setOpened] = useState(false);
  const kind = useAccountKind();
  const features = useFeatureList();
  const phone = usePhoneWidth();
  const allowed =
    kind === 'merchant' && (features.data ?? []).some((group) => group.features.some((feature) => feature.slug === 'app-setting'));
  if (!allowed) return null;
  return (
    <>
      {/* At phone width the top bar has no room left (wallet, bell, user menu): the keys are one
          tap away in the drawer's App Settings. */}
      {!phone && (
        <Button variant="default" size="xs" onClick={() => setOpened(true)}>
          API Keys
        </Button>
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title="API Keys" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        {opened && <ApiKeysContent onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}
