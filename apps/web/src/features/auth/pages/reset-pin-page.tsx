// Screen 9: a new passcode with the code sent by verify-email-general. Success goes to
// passcode-login.
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { LIMITS, RESET_TYPE, resetPasscode } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { OtpInput } from '../../../components/otp-input.tsx';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { requestResetCode } from '../api/auth-requests.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { ReadonlyEmailField } from '../components/readonly-email-field.tsx';
import { ResendCode } from '../components/resend-code.tsx';
import { ZResetPinForm } from '../form-schemas.ts';
import { useAuthEmail } from '../hooks/use-auth-email.ts';
import { requiredField } from '../../../components/required.ts';

type FormIn = z.input<typeof ZResetPinForm>;
type FormOut = z.output<typeof ZResetPinForm>;
const FIELDS = ['email', 'passcode', 'confirmPasscode', 'otp'] as const;

export function ResetPinPage() {
  const email = useAuthEmail();
  if (!email) return <Navigate to="/auth/send-otp" replace />;
  return <ResetPinForm email={email} />;
}

function ResetPinForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZResetPinForm),
    mode: 'onTouched',
    defaultValues: { email, passcode: '', confirmPasscode: '', otp: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: FormOut) => call(resetPasscode, values),
    onSuccess: () => navigate('/auth/passcode-login', { replace: true }),
    onError: (error) => applyServerFieldErrors(form.setError, error, FIELDS),
  });

  return (
    <AuthCard title="Reset Pin" subtitle="Choose a new 4-digit passcode and enter the code we sent to your e-mail.">
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <ReadonlyEmailField email={email} />
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
          <Controller
            control={form.control}
            name="otp"
            render={({ field, fieldState }) => (
              <OtpInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
            )}
          />
          <ResendCode send={() => requestResetCode(email, RESET_TYPE.PASSCODE)} />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            Submit
          </Button>
          <Group justify="center">
            <AuthLink to="/auth/passcode-login">Back to Passcode Login</AuthLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
