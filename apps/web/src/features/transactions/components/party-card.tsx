// One side of a transaction (the From and To cards of screen 20).
import { Card, Stack, Title } from '@mantine/core';
import { KeyValueList } from '../../../components/key-value-list.tsx';
import type { KeyValueRow } from '../../../components/key-value-list.tsx';

export function PartyCard({ title, rows }: { title: string; rows: readonly KeyValueRow[] }) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <KeyValueList rows={rows} />
      </Stack>
    </Card>
  );
}
