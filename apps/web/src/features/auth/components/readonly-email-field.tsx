import { TextInput } from '@mantine/core';

/** The e-mail a screen works on, shown locked. */
export function ReadonlyEmailField({ email }: { email: string }) {
  return <TextInput label="Email" value={email} readOnly variant="filled" aria-readonly="true" />;
}
