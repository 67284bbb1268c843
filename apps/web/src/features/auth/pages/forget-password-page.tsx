// Screen 10: the forgot-password form, wired to the reset-password flow (DECISIONS 6):
// it sends the reset code (verify-email-general, reset type 1) and opens reset-password.
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { RESET_TYPE, ZVerifyEmailRequest } from '@paywallet/contract';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { localState } from '../../../lib/storage.ts';
import { requestResetCode } from '../api/auth-requests.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { resetScreenFor } from '../reset-type.ts';
import { requiredField } from '../../../components/required.ts';

type FormIn = z.input<typeof ZVerifyEmailRequest>;
type FormOut = z.output<typeof ZVerifyEmailRequest>;

export function ForgetPasswordPage() {
  const navigate = useNavigate();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZVerifyEmailRequest),
    mode: 'onTouched',
    defaultValues: { email: localState.get('email') ?? '' },
  });
  const mutation = useMutation({
    mutationFn: (values: FormOut) => requestResetCode(values.email, RESET_TYPE.PASSWORD),
    onSuccess: (_data, values) => {
      localState.set('email', values.email);
      localState.set('resetType', RESET_TYPE.PASSWORD);
      navigate(resetScreenFor(RESET_TYPE.PASSWORD));
    },
    onError: (error) => applyServerFieldErrors(form.setError, error, ['email']),
  });

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your e-mail and we will send you a code to choose a new password.">
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...requiredField}
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            Request new password
          </Button>
          <Group justify="space-between">
            <AuthLink to="/auth/login">Back to Login</AuthLink>
            <AuthLink to="/auth/signup">Create an account</AuthLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
