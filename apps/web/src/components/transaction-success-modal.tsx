// The shell's transaction success dialog (spec 1 'Shell and shared dialogs'): 'Success!',
// 'Your transaction has been completed successfully' and the Transaction Id. Built from the
// modal's parts so the dialog itself is named 'Success!' without a second, smaller title.
import { Button, Code, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { TEXTS } from '@paywallet/contract';
import { Icon } from './icons.tsx';

export interface TransactionSuccessModalProps {
  /** The modal is open while there is a transaction id to show. */
  transactionId: string | null;
  onClose: () => void;
}

export function TransactionSuccessModal({ transactionId, onClose }: TransactionSuccessModalProps) {
  return (
    <Modal.Root opened={transactionId !== null} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content aria-label={TEXTS.success}>
        <Modal.Body>
          <Stack align="center" gap="sm" py="md" ta="center">
            <ThemeIcon size={56} radius="xl" color="teal" variant="light">
              <Icon name="check" size={30} />
            </ThemeIcon>
            <Title order={3}>{TEXTS.success}</Title>
            <Text>{TEXTS.transactionCompleted}</Text>
            <Text size="sm" c="dimmed">
              Transaction Id: <Code data-testid="transaction-id">{transactionId}</Code>
            </Text>
            <Button onClick={onClose} mt="sm" data-autofocus>
              OK
            </Button>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
