// The logout notice itself (loaded on demand by logout-notice-modal.tsx).
import { Button, Group, Modal, Text } from '@mantine/core';
import { TEXTS } from '@paywallet/contract';

export function LogoutNoticeDialog({ opened, onOk }: { opened: boolean; onOk: () => void }) {
  return (
    <Modal opened={opened} onClose={onOk} withCloseButton={false} centered title="Logged out">
      <Text>{TEXTS.loggedOut}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onOk}>OK</Button>
      </Group>
    </Modal>
  );
}
