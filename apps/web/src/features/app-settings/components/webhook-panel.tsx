// POS Webhook Settings (spec 2): the URL with Save (a blank URL raises the 'Webhook URL is
// required' toast), Remove only while a webhook is stored (confirmed: 'Remove Webhook', 'Are
// you sure to remove webhook?'), the info card with the POS body's fields, the signing secret
// (main account) and the deliveries with Replay.
import { useState } from 'react';
import { Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { APP_SETTINGS_LIMITS, APP_SETTINGS_MESSAGES, webhookUrlProblem, type TAppSettingsRecord } from '@paywallet/contract';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useUpdateAppSettings } from '../api/app-settings-calls.ts';
import { ReadOnlySecret } from './read-only-secret.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';

function WebhookForm({ record }: { record: TAppSettingsRecord }) {
  const [url, setUrl] = useState(record.webhook_url ?? '');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const save = useUpdateAppSettings();
  const remove = useUpdateAppSettings();
  const trimmed = url.trim();
  const problem = trimmed === '' ? undefined : webhookUrlProblem(trimmed);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (trimmed === '') {
          showToast('error', APP_SETTINGS_MESSAGES.webhookUrlRequiredText, { title: APP_SETTINGS_MESSAGES.webhookUrlRequired });
          return;
        }
        if (problem) return;
        save.mutate({ type: 'webhook', webhookUrl: trimmed });
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Webhook URL"
          placeholder="https://example.com/pos-webhook"
          value={url}
          maxLength={APP_SETTINGS_LIMITS.webhookUrlMaxChars}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={touched || trimmed !== '' ? problem : undefined}
        />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          {record.webhook_url !== null && (
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              Remove
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={APP_SETTINGS_MESSAGES.removeWebhookTitle}
        message={APP_SETTINGS_MESSAGES.removeWebhookConfirm}
        loading={remove.isPending}
        onNo={() => setConfirming(false)}
        onYes={() =>
          remove.mutate(
            { type: 'removeWebHook', webhookUrl: '' },
            {
              onSuccess: () => setUrl(''),
              onSettled: () => setConfirming(false),
            },
          )
        }
      />
    </form>
  );
}

const BODY_FIELDS = [
  'storeId, terminalId, channelId, posId',
  'transactionType: SALE, PRE_AUTH, CAPTURE, REFUND or VOID',
  'transactionStatus: CREATED, AUTHORIZED, CAPTURED, REFUNDED, VOIDED or FAILED',
  'transactionId, eventId',
  'feesAmount, vatAmount, transactionAmount: { value, currency } (e.g. AED)',
  'card: { brand, last4 }',
  'channelName, hostReferenceNumber, approvalCode, storeName, transactionTime',
  'Refund adds refundAmount and remainingAmountFromOriginalTx; Capture adds captureAmount and originalAmount',
];

export function WebhookPanel({ record }: { record: TAppSettingsRecord }) {
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        POS Webhook Settings
      </Title>
      <Paper withBorder p="md" radius="md">
        <WebhookForm key={record.webhook_url ?? ''} record={record} />
      </Paper>
      <Paper withBorder p="md" radius="md" bg="blue.0">
        <Stack gap="xs">
          <Title order={3} size="h4">
            About this webhook
          </Title>
          <Text>This webhook is for POS transactions only. Each POST body carries these fields:</Text>
          <List size="sm" spacing={4}>
            {BODY_FIELDS.map((field) => (
              <List.Item key={field}>{field}</List.Item>
            ))}
          </List>
          <Text size="sm">
            Every request is signed (Standard Webhooks): verify the{' '}
            <Text span ff="monospace">
              webhook-signature
            </Text>{' '}
            header with the secret below.
          </Text>
        </Stack>
      </Paper>
      {record.webhook_secret !== null && (
        <Paper withBorder p="md" radius="md">
          <ReadOnlySecret label="Webhook Secret" value={record.webhook_secret} />
        </Paper>
      )}
      <WebhookDeliveries />
    </Stack>
  );
}
