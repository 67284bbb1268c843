// Screen 5: the password step. Success goes to passcode-login, or set-passcode when the
// account has no passcode yet.
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { login, RESET_TYPE, ZLoginRequest } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { localState } from '../../../lib/storage.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { ReadonlyEmailField } from '../components/readonly-email-field.tsx';
import { useAuthEmail } from '../hooks/use-auth-email.ts';
import { keepAccessToken } from '../session.ts';
import { requiredField } from '../../../components/required.ts';

type FormIn = z.input<typeof ZLoginRequest>;
type FormOut = z.output<typeof ZLoginRequest>;

export function LoginPage() {
  const email = useAuthEmail();
  if (!email) return <Navigate to="/auth/send-otp" replace />;
  return <LoginForm email={email} />;
}

function LoginForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZLoginRequest),
    mode: 'onTouched',
    defaultValues: { email, password: '' },
  });
  const mutation = useMutation({
    mutationFn: (values: FormOut) => call(login, values),
    onSuccess: (data, values) => {
      keepAccessToken(data.accessToken);
      localState.set('email', values.email);
      localState.set('customerId', data.id);
      localState.set('avatar', data.avatar);
      navigate(data.passcode_set ? '/auth/passcode-login' : '/auth/set-passcode');
    },
    onError: (error) => applyServerFieldErrors(form.setError, error, ['email', 'password']),
  });
  const startPasswordReset = () => {
    localState.set('email', email);
    localState.set('resetType', RESET_TYPE.PASSWORD);
  };

  return (
    <AuthCard title="Welcome back" subtitle="Please enter your password to continue.">
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <ReadonlyEmailField email={email} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...requiredField}
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <Group justify="flex-end">
            <AuthLink to="/auth/verify-email-general" onClick={startPasswordReset}>
              Reset Password
            </AuthLink>
          </Group>
          <Button type="submit" loading={mutation.isPending} fullWidth>
            Sign in
          </Button>
          <Group justify="center">
            <AuthLink to="/auth/send-otp">Want To Change Your Email?</AuthLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
