// The new device password, shown once (DECISIONS 10): the username, the password with a copy
// button, and a notice that it cannot be shown again. Closing forgets it.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { POS_TEXTS } from '@paywallet/contract';
import { CopyButton } from '../../../components/copy-button.tsx';

export interface NewPassword {
  username: string;
  password: string;
  staffName: string;
}

export function NewPasswordModal({ value, onClose }: { value: NewPassword | null; onClose: () => void }) {
  return (
    <Modal
      opened={value !== null}
      onClose={onClose}
      title={POS_TEXTS.newPasswordTitle}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {value && (
        <Stack gap="md">
          <Text size="sm">Device login of {value.staffName}</Text>
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Username
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Text ff="monospace" data-testid="pos-username">
                {value.username}
              </Text>
              <CopyButton value={value.username} label="username" />
            </Group>
          </Stack>
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Password
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Text ff="monospace" fw={700} size="lg" data-testid="pos-new-password">
                {value.password}
              </Text>
              <CopyButton value={value.password} label="password" />
            </Group>
          </Stack>
          <Alert color="yellow" variant="light">
            <Text size="sm" c="dark.7">
              {POS_TEXTS.newPasswordNotice}
            </Text>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
