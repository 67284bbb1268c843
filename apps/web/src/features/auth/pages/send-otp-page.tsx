// Screen 1: e-mail entry. The answer decides the next screen (spec 1 section 4).
import { Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { ZVerifyEmailRequest } from '@paywallet/contract';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { localState } from '../../../lib/storage.ts';
import { requestSignInCode } from '../api/auth-requests.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { requiredField } from '../../../components/required.ts';

type FormIn = z.input<typeof ZVerifyEmailRequest>;
type FormOut = z.output<typeof ZVerifyEmailRequest>;

export function SendOtpPage() {
  const navigate = useNavigate();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZVerifyEmailRequest),
    mode: 'onTouched',
    defaultValues: { email: localState.get('email') ?? '' },
  });
  const mutation = useMutation({
    mutationFn: (values: FormOut) => requestSignInCode(values.email),
    onSuccess: (data, values) => {
      localState.set('email', values.email);
      if (data.otpVerification === 1) navigate('/auth/verify-otp');
      else if (data.accountExist === 1) navigate('/auth/login');
      else navigate('/auth/signup');
    },
    onError: (error) => applyServerFieldErrors(form.setError, error, ['email']),
  });

  return (
    <AuthCard title="Welcome" subtitle="Enter your e-mail address and we will send you a one-time code.">
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...requiredField}
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            Send
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
