// A store's status as the list shows it (spec 3 section 2.4): the status badge, with the hint
// 'View Comments For More Details' when changes are requested, and for a default store no one
// onboarded yet (Draft, type 0) the badges Pending and Default with its hint.
import { Badge, Group, Stack, Text } from '@mantine/core';
import { STORE_MESSAGES, STORE_STATUS, STORE_STATUS_LABEL, STORE_TYPE } from '@paywallet/contract';

/** A badge keeps its whole word in a narrow column (the cell grows instead). */
const NO_TRUNCATION = { flexShrink: 0, maxWidth: 'none', overflow: 'visible' } as const;

const COLORS: Record<number, string> = { 0: 'gray', 1: 'green', 2: 'orange', 3: 'yellow', 4: 'blue' };

export function StoreStatus({ status, type }: { status: number; type: number }) {
  if (status === STORE_STATUS.DRAFT && type === STORE_TYPE.DEFAULT) {
    return (
      <Stack gap={4} align="flex-start">
        <Group gap={4}>
          <Badge color="yellow" variant="light" style={NO_TRUNCATION}>
            Pending
          </Badge>
          <Badge color="gray" variant="light">
            Default
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {STORE_MESSAGES.draftDefaultHint}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={COLORS[status] ?? 'gray'} variant="light" style={NO_TRUNCATION}>
        {STORE_STATUS_LABEL[status] ?? String(status)}
      </Badge>
      {status === STORE_STATUS.REQUEST_FOR_CHANGES && (
        <Text size="xs" c="dimmed">
          {STORE_MESSAGES.requestForChangesHint}
        </Text>
      )}
    </Stack>
  );
}

/** The comments modal names status 3 'Pending For Approval' (spec 3 section 4). */
export function commentStatusLabel(status: number): string {
  return status === STORE_STATUS.PENDING_APPROVAL ? 'Pending For Approval' : (STORE_STATUS_LABEL[status] ?? String(status));
}
