// API Keys (spec 2, DECISIONS 20, 28): Client ID and, for the main account, Client Secret (read
// only, with Copy); the IP check indicator; the whitelisted IPs, labelled IP#1, IP#2 ... and
// editable by the main account (add, remove, the IP check switch, Save); Revoke Access behind a
// confirmation, its new credentials replacing the shown ones.
import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { APP_SETTINGS_LIMITS, APP_SETTINGS_MESSAGES, isIpAddress, type TAppSettingsRecord } from '@paywallet/contract';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { useRevokeCredentials, useUpdateAppSettings } from '../api/app-settings-calls.ts';
import { ReadOnlySecret } from './read-only-secret.tsx';

function IpCheckIndicator({ on }: { on: boolean }) {
  return (
    <Group gap={6} data-testid="ip-check-indicator" data-on={on ? '1' : '0'}>
      <Text span fw={700} c={on ? 'teal.8' : 'red.8'} aria-hidden="true">
        {on ? '✓' : '✗'}
      </Text>
      <Text span>{on ? 'IP check is on' : 'IP check is off'}</Text>
    </Group>
  );
}

function IpEditor({ record }: { record: TAppSettingsRecord }) {
  const [ips, setIps] = useState<string[]>(record.allowed_ips.length > 0 ? record.allowed_ips : []);
  const [ipCheck, setIpCheck] = useState(record.is_ip_check === 1);
  const [shown, setShown] = useState(false);
  const save = useUpdateAppSettings();
  const problems = ips.map((ip) =>
    ip.trim() === '' ? 'The IP field is required' : isIpAddress(ip.trim()) ? undefined : APP_SETTINGS_MESSAGES.ipInvalid,
  );
  const invalid = problems.some(Boolean);
  return (
    <Stack gap="sm">
      <Switch label="IP check" checked={ipCheck} onChange={(event) => setIpCheck(event.currentTarget.checked)} />
      {ips.map((ip, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            label={`IP#${index + 1}`}
            value={ip}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setIps((list) => list.map((old, at) => (at === index ? value : old)));
            }}
            error={shown ? problems[index] : undefined}
            style={{ flex: 1 }}
            maxLength={APP_SETTINGS_LIMITS.ipMaxChars}
          />
          <ActionIcon
            mt={26}
            variant="subtle"
            color="red"
            aria-label={`Remove IP#${index + 1}`}
            onClick={() => setIps((list) => list.filter((_, at) => at !== index))}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Group gap="sm">
        <Button
          variant="default"
          disabled={ips.length >= APP_SETTINGS_LIMITS.allowedIpsMax}
          onClick={() => setIps((list) => [...list, ''])}
        >
          Add IP
        </Button>
        <Button
          loading={save.isPending}
          onClick={() => {
            setShown(true);
            if (invalid) return;
            save.mutate({ type: 'allowedIps', ips: ips.map((ip) => ip.trim()), isIpCheck: ipCheck ? 1 : 0 });
          }}
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}

export function ApiKeysPanel({ record }: { record: TAppSettingsRecord }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeCredentials();
  const manage = record.can_manage === 1;
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        API Keys
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <ReadOnlySecret label="Client ID" value={record.client_id} />
          {record.client_secret !== null ? (
            <ReadOnlySecret label="Client Secret" value={record.client_secret} />
          ) : (
            <Alert color="gray" variant="light">
              The client secret is shown to the main account only.
            </Alert>
          )}
          <IpCheckIndicator on={record.is_ip_check === 1} />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Whitelisted IPs
          </Title>
          {manage ? (
            <IpEditor key={`${record.is_ip_check}:${record.allowed_ips.join(',')}`} record={record} />
          ) : record.allowed_ips.length === 0 ? (
            <Text c="dimmed">No IPs are whitelisted.</Text>
          ) : (
            record.allowed_ips.map((ip, index) => <TextInput key={ip} label={`IP#${index + 1}`} value={ip} readOnly />)
          )}
        </Stack>
      </Paper>
      {manage && (
        <Group>
          <Button color="red" onClick={() => setConfirming(true)}>
            Revoke Access
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirming}
        title="Revoke Access"
        message="Are you sure to revoke access? New credentials replace the current ones at once, and the current ones stop working."
        loading={revoke.isPending}
        onNo={() => setConfirming(false)}
        onYes={() => revoke.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </Stack>
  );
}
