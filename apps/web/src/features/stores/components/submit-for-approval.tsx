// Submit for Approval (DECISIONS 50): always shown; until an owner is saved it is disabled and
// says why next to it, so the merchant knows the next step.
import { useId } from 'react';
import { Button, Group, Text } from '@mantine/core';

export const OWNER_FIRST = 'Save at least one owner first';

export function SubmitForApproval(props: { savedOwners: number; loading: boolean; disabled?: boolean; onSubmit: () => void }) {
  const waiting = props.savedOwners === 0;
  const hintId = useId();
  return (
    <Group gap="sm" wrap="wrap" justify="flex-end">
      {waiting && (
        <Text size="sm" c="dimmed" id={hintId}>
          {OWNER_FIRST}
        </Text>
      )}
      <Button
        onClick={props.onSubmit}
        loading={props.loading}
        disabled={props.disabled === true || waiting}
        aria-describedby={waiting ? hintId : undefined}
      >
        Submit for Approval
      </Button>
    </Group>
  );
}
