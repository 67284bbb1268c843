// A long id (a uuid) in a table cell: its first characters in monospace, the whole id in the
// title, and a Copy button where the user may need all of it (DECISIONS 40). The id never wraps,
// so it never pushes the status, amounts and dates out of a 1280 px screen.
import { Group, Text } from '@mantine/core';
import { CopyButton } from './copy-button.tsx';

/** Enough to tell rows apart; the search filters take an id's beginning too. */
export const SHORT_ID_CHARS = 8;

export function ShortId({ value, copyLabel }: { value: string; copyLabel?: string }) {
  const text = (
    <Text span size="sm" ff="monospace" title={value}>
      {value.slice(0, SHORT_ID_CHARS)}
    </Text>
  );
  if (!copyLabel) return text;
  return (
    <Group gap={4} wrap="nowrap">
      {text}
      <CopyButton value={value} label={copyLabel} />
    </Group>
  );
}
