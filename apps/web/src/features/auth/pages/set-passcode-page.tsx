// Screen 6: choose the 4-digit passcode. Then the KYC form, the verification page or the app.
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LIMITS, setPasscode, ZSetPasscodeRequest } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { ProcessingOverlay } from '../../../components/processing-overlay.tsx';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { useContinueAfterPasscode } from '../hooks/use-continue-after-passcode.ts';
import { keepAccessToken, keepSignedInUser } from '../session.ts';
import { requiredField } from '../../../components/required.ts';

type FormIn = z.input<typeof ZSetPasscodeRequest>;
type FormOut = z.output<typeof ZSetPasscodeRequest>;

export function SetPasscodePage() {
  const { proceed, leaving } = useContinueAfterPasscode('/auth/login');
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZSetPasscodeRequest),
    mode: 'onTouched',
    defaultValues: { passcode: '', confirmPasscode: '', deviceToken: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: FormOut) => call(setPasscode, values),
    onSuccess: (data) => {
      keepAccessToken(data.accessToken);
      keepSignedInUser(data.user, data.user.avatar);
      proceed(data);
    },
    onError: (error) => applyServerFieldErrors(form.setError, error, ['passcode', 'confirmPasscode']),
  });

  return (
    <AuthCard title="Set Passcode" subtitle="Choose a 4-digit passcode. You will use it every time you sign in.">
      <ProcessingOverlay visible={leaving} />
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="Passcode"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={LIMITS.passcodeLength}
            {...requiredField}
            error={errors.passcode?.message}
            {...form.register('passcode')}
          />
          <PasswordInput
            label="Confirm Passcode"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={LIMITS.passcodeLength}
            {...requiredField}
            error={errors.confirmPasscode?.message}
            {...form.register('confirmPasscode')}
          />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            Submit
          </Button>
          <Group justify="center">
            <AuthLink to="/auth/send-otp">Resend OTP</AuthLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
