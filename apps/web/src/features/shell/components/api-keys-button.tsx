// The top bar's API Keys button (DECISIONS 35): a modal with the client id and, for the main
// account only, the client secret, each with Copy, and a link to the API Keys tab of App
// Settings. Shown to merchants who have the App Settings feature, from the sm breakpoint up; the
// settings are read when the modal opens.
import { useState } from 'react';
import { Alert, Anchor, Button, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { getMerchantAppSettingsCall } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { CredentialField } from '../../../components/credential-field.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { usePhoneWidth } from '../../../hooks/use-phone-width.ts';
import { useHasFeature } from '../api/use-feature-list.ts';

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
      <CredentialField label="Client ID" value={record.client_id} />
      {record.client_secret !== null ? (
        <CredentialField label="Client Secret" value={record.client_secret} />
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
  const allowed = useHasFeature('app-setting');
  const phone = usePhoneWidth();
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
