// The generic confirm dialog of the shell (spec 1 'Shell and shared dialogs'): title,
// message, an optional image, No and Yes.
import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: string;
  imageUrl?: string;
  /** Yes shows a loader and both buttons wait while the confirmed action runs. */
  loading?: boolean;
  onNo: () => void;
  onYes: () => void;
}

export function ConfirmModal({ opened, title, message, imageUrl, loading = false, onNo, onYes }: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onNo}
      title={title}
      centered
      closeOnClickOutside={!loading}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {imageUrl && <Image src={imageUrl} alt="" h={96} fit="contain" />}
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onNo} disabled={loading}>
            No
          </Button>
          <Button onClick={onYes} loading={loading}>
            Yes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
