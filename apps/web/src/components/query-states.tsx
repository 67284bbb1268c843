// Loading, empty and error states every screen uses.
import { Alert, Button, Center, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { TEXTS } from '@paywallet/contract';
import { Icon } from './icons.tsx';

export function LoadingState({ label = 'Loading…', rows = 0 }: { label?: string; rows?: number }) {
  if (rows > 0) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={label}>
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={index} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  return (
    <Center py="xl" aria-busy="true">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}

export function ErrorState({
  message = TEXTS.anError,
  onRetry,
  title = 'Could not load',
}: {
  message?: string;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <Alert color="red" variant="light" title={title} icon={<Icon name="alert" />}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function EmptyState({ message = TEXTS.noData }: { message?: string }) {
  return (
    <Center py="xl">
      <Text c="dimmed">{message}</Text>
    </Center>
  );
}
