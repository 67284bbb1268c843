// The shell's redirecting dialog (spec 1 'Shell and shared dialogs'): 'Please Wait' while the
// user is about to be sent elsewhere (the 3-D Secure page of a deposit). It cannot be closed.
import { Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { TEXTS } from '@paywallet/contract';

export function RedirectingModal({ opened, message }: { opened: boolean; message?: string }) {
  return (
    <Modal.Root opened={opened} onClose={() => undefined} centered closeOnClickOutside={false} closeOnEscape={false}>
      <Modal.Overlay />
      <Modal.Content aria-label={TEXTS.pleaseWait}>
        <Modal.Body>
          <Stack align="center" gap="sm" py="md" ta="center" aria-live="polite">
            <Loader />
            <Title order={3}>{TEXTS.pleaseWait}</Title>
            {message && <Text c="dimmed">{message}</Text>}
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
