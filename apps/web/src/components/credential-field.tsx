// A read-only credential (client id, client secret) with its Copy button. It reads exactly as it
// is: the whole value wraps instead of scrolling out of sight, in the monospace font with a line
// height that leaves room under the baseline, so underscores are never cut off.
import { Group, Textarea } from '@mantine/core';
import { CopyButton } from './copy-button.tsx';

const CREDENTIAL_STYLES = {
  input: {
    fontFamily: 'var(--mantine-font-family-monospace)',
    lineHeight: 1.6,
    paddingBlock: 6,
    wordBreak: 'break-all',
  },
} as const;

export function CredentialField({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <Textarea
        label={label}
        value={value}
        readOnly
        autosize
        minRows={1}
        spellCheck={false}
        style={{ flex: 1, minWidth: 0 }}
        styles={CREDENTIAL_STYLES}
      />
      <CopyButton value={value} label={label} />
    </Group>
  );
}
