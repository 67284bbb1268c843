import { TextInput } from '@mantine/core';

/** The e-mail a screen works on, shown locked; a server message about it shows under it. */
export function ReadonlyEmailField({ email, error }: { email: string; error?: string | undefined }) {
  return <TextInput label="Email" value={email} readOnly variant="filled" aria-readonly="true" error={error} />;
}
