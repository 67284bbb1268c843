// Screen 8: a new password with the code sent by verify-email-general. Success goes to login.
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { RESET_TYPE, resetPassword } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { OtpInput } from '../../../components/otp-input.tsx';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { localState } from '../../../lib/storage.ts';
import { requestResetCode } from '../api/auth-requests.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { ReadonlyEmailField } from '../components/readonly-email-field.tsx';
import { ResendCode } from '../components/resend-code.tsx';
import { ZResetPasswordForm } from '../form-schemas.ts';
import { useAuthEmail } from '../hooks/use-auth-email.ts';
import { requiredField } from '../../../components/required.ts';

type FormIn = z.input<typeof ZResetPasswordForm>;
type FormOut = z.output<typeof ZResetPasswordForm>;
const FIELDS = ['email', 'password', 'confirmPassword', 'otp'] as const;

export function ResetPasswordPage() {
  const email = useAuthEmail();
  if (!email) return <Navigate to="/auth/send-otp" replace />;
  return <ResetPasswordForm email={email} />;
}

function ResetPasswordForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZResetPasswordForm),
    mode: 'onTouched',
    defaultValues: { email, password: '', confirmPassword: '', otp: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: FormOut) => call(resetPassword, values),
    onSuccess: (_data, values) => {
      localState.set('email', values.email);
      navigate('/auth/login', { replace: true });
    },
    onError: (error) => applyServerFieldErrors(form.setError, error, FIELDS),
  });

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password and enter the code we sent to your e-mail.">
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <ReadonlyEmailField email={email} />
          <PasswordInput label="Password" autoComplete="new-password" {...requiredField} error={errors.password?.message} {...form.register('password')} />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            {...requiredField}
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Controller
            control={form.control}
            name="otp"
            render={({ field, fieldState }) => (
              <OtpInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
            )}
          />
          <ResendCode send={() => requestResetCode(email, RESET_TYPE.PASSWORD)} />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            Submit
          </Button>
          <Group justify="center">
            <AuthLink to="/auth/login">Back to Login</AuthLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
