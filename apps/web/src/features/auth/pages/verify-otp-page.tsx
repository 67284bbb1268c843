// Screen 2: the six-box code sent to the e-mail, with resend after the countdown.
import { Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { verifyOtp } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { OtpInput } from '../../../components/otp-input.tsx';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { requestSignInCode } from '../api/auth-requests.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { ReadonlyEmailField } from '../components/readonly-email-field.tsx';
import { ResendCode } from '../components/resend-code.tsx';
import { ZVerifyOtpForm } from '../form-schemas.ts';
import { useAuthEmail } from '../hooks/use-auth-email.ts';

type FormIn = z.input<typeof ZVerifyOtpForm>;
type FormOut = z.output<typeof ZVerifyOtpForm>;

export function VerifyOtpPage() {
  const email = useAuthEmail();
  if (!email) return <Navigate to="/auth/send-otp" replace />;
  return <VerifyOtpForm email={email} />;
}

function VerifyOtpForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZVerifyOtpForm),
    mode: 'onTouched',
    defaultValues: { email, otp: '' },
  });
  const verify = useMutation({
    mutationFn: (values: FormOut) => call(verifyOtp, values),
    onSuccess: (data) => navigate(data.accountExist === 1 ? '/auth/login' : '/auth/signup'),
    onError: (error) => applyServerFieldErrors(form.setError, error, ['otp', 'email']),
  });

  return (
    <AuthCard title="Verify OTP" subtitle="Enter the 6-digit code we sent to your e-mail.">
      <form onSubmit={form.handleSubmit((values) => verify.mutate(values))} noValidate>
        <Stack gap="md">
          <ReadonlyEmailField email={email} />
          <Controller
            control={form.control}
            name="otp"
            render={({ field, fieldState }) => (
              <OtpInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
            )}
          />
          <ResendCode send={() => requestSignInCode(email)} onSent={() => form.resetField('otp')} />
          <Button type="submit" loading={verify.isPending} fullWidth>
            Send
          </Button>
          <Group justify="center">
            <AuthLink to="/auth/send-otp">Want To Change Your Email?</AuthLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
