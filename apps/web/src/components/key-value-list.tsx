// A read-only list of labels and values (the spec's details modal and the confirm screens).
import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';

export interface KeyValueRow {
  label: string;
  value: ReactNode;
  /** Set the row apart (a total). */
  strong?: boolean;
}

export function KeyValueList({ rows }: { rows: readonly KeyValueRow[] }) {
  return (
    <Stack gap={6} component="dl" m={0}>
      {rows.map((row) => (
        <Group key={row.label} justify="space-between" gap="md" wrap="nowrap" align="flex-start">
          <Text component="dt" size="sm" c="dimmed">
            {row.label}
          </Text>
          <Text component="dd" m={0} size="sm" fw={row.strong ? 700 : 500} ta="right" style={{ wordBreak: 'break-word' }}>
            {row.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
