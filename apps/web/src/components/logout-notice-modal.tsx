// Shown when the client finds the session has ended while the user was in the app.
import { Button, Group, Modal, Text } from '@mantine/core';
import { TEXTS } from '@paywallet/contract';

export function LogoutNoticeModal({ opened, onOk }: { opened: boolean; onOk: () => void }) {
  return (
    <Modal opened={opened} onClose={onOk} withCloseButton={false} centered title="Session ended">
      <Text>{TEXTS.loggedOut}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onOk}>OK</Button>
      </Group>
    </Modal>
  );
}
