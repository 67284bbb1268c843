// A read-only credential with its Copy button (spec 2: Client ID and Client Secret).
import { Group, TextInput } from '@mantine/core';
import { CopyButton } from '../../../components/copy-button.tsx';

export function ReadOnlySecret({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput label={label} value={value} readOnly style={{ flex: 1, minWidth: 0 }} styles={{ input: { fontFamily: 'monospace' } }} />
      <CopyButton value={value} label={label} />
    </Group>
  );
}
