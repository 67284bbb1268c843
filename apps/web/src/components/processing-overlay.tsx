// A blocking full-screen overlay with the spec's processing text.
import { Loader, Overlay, Stack, Text } from '@mantine/core';
import { TEXTS } from '@paywallet/contract';

export function ProcessingOverlay({ visible, text = TEXTS.processing }: { visible: boolean; text?: string }) {
  if (!visible) return null;
  return (
    <Overlay fixed blur={2} color="#fff" backgroundOpacity={0.75} zIndex={1000} center>
      <Stack align="center" gap="sm" role="alertdialog" aria-live="assertive" aria-label={text}>
        <Loader />
        <Text fw={500}>{text}</Text>
      </Stack>
    </Overlay>
  );
}
