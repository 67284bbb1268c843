// Screen 7: the passcode step of sign-in. A blocking overlay covers the call and the hand-off
// to identity verification.
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LIMITS, passcodeLogin, RESET_TYPE, ZPasscodeLoginRequest } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { ProcessingOverlay } from '../../../components/processing-overlay.tsx';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { localState } from '../../../lib/storage.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { useContinueAfterPasscode } from '../hooks/use-continue-after-passcode.ts';
import { keepAccessToken, keepSignedInUser } from '../session.ts';
import { requiredField } from '../../../components/required.ts';

type FormIn = z.input<typeof ZPasscodeLoginRequest>;
type FormOut = z.output<typeof ZPasscodeLoginRequest>;

export function PasscodeLoginPage() {
  const { proceed, leaving } = useContinueAfterPasscode('/app');
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZPasscodeLoginRequest),
    mode: 'onTouched',
    defaultValues: { passcode: '', deviceToken: '' },
  });
  const mutation = useMutation({
    mutationFn: (values: FormOut) => call(passcodeLogin, values),
    onSuccess: (data) => {
      keepAccessToken(data.accessToken);
      keepSignedInUser(data.user, data.avatar);
      localState.remove('email');
      proceed(data);
    },
    onError: (error) => applyServerFieldErrors(form.setError, error, ['passcode']),
  });
  const startPinReset = () => localState.set('resetType', RESET_TYPE.PASSCODE);

  return (
    <AuthCard title="Passcode Login" subtitle="Enter your 4-digit passcode to continue.">
      <ProcessingOverlay visible={mutation.isPending || leaving} />
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="Passcode"
            inputMode="numeric"
            autoComplete="current-password"
            maxLength={LIMITS.passcodeLength}
            {...requiredField}
            autoFocus
            error={form.formState.errors.passcode?.message}
            {...form.register('passcode')}
          />
          <Group justify="flex-end">
            <AuthLink to="/auth/verify-email-general" onClick={startPinReset}>
              Reset Pin
            </AuthLink>
          </Group>
          <Button type="submit" loading={mutation.isPending} fullWidth>
            Submit
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
