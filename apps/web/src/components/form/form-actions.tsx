// The one actions bar of every form: the submit button with its label, and the way back (Back
// or Cancel) where the spec's screen has it: beside the submit button at the right ('end', the
// money screens) or at the far left ('start'). While the call runs the submit button shows its
// loader and is disabled (DECISIONS 4) and the way back waits too. On a phone the buttons
// stack at full width, the submit button on top.
import { Button, Flex } from '@mantine/core';

export interface FormActionsProps {
  submitLabel: string;
  pending: boolean;
  /** Submitting is not possible now (an expired quote, nothing to pay from). */
  disabled?: boolean;
  back?: { label?: 'Back' | 'Cancel'; onClick: () => void; placement?: 'start' | 'end' };
  /** One full-width submit button at every width (the auth screens). */
  fullWidth?: boolean;
  /** An action outside a <form> (a confirm step): the button calls this instead of submitting. */
  onSubmit?: () => void;
}

const PHONE_FULL_WIDTH = { base: '100%', xs: 'auto' } as const;

export function FormActions({ submitLabel, pending, disabled = false, back, fullWidth = false, onSubmit }: FormActionsProps) {
  const submit = (
    <Button
      type={onSubmit ? 'button' : 'submit'}
      onClick={onSubmit}
      loading={pending}
      disabled={disabled}
      fullWidth={fullWidth}
      w={fullWidth ? undefined : PHONE_FULL_WIDTH}
    >
      {submitLabel}
    </Button>
  );
  if (!back) {
    return (
      <Flex justify="flex-end" mt="xs">
        {submit}
      </Flex>
    );
  }
  return (
    <Flex
      direction={fullWidth ? 'column-reverse' : { base: 'column-reverse', xs: 'row' }}
      justify={back.placement === 'start' ? 'space-between' : 'flex-end'}
      gap="sm"
      mt="xs"
    >
      <Button
        variant="default"
        onClick={back.onClick}
        disabled={pending}
        fullWidth={fullWidth}
        w={fullWidth ? undefined : PHONE_FULL_WIDTH}
      >
        {back.label ?? 'Back'}
      </Button>
      {submit}
    </Flex>
  );
}
