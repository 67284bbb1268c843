// Screen 1: e-mail entry. The answer decides the next screen (spec 1 section 4).
import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { verifyEmailCall } from '@paywallet/contract';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { localState } from '../../../lib/storage.ts';
import { withBotCheck } from '../api/auth-requests.ts';
import { AuthCard } from '../components/auth-card.tsx';

export function SendOtpPage() {
  const navigate = useNavigate();
  const { control, formProps, pending } = useContractForm({
    call: verifyEmailCall,
    defaultValues: { email: localState.get('email') ?? '' },
    toRequest: (values) => withBotCheck({ email: values.email }),
    onSuccess: (data, values) => {
      localState.set('email', values.email);
      if (data.otpVerification === 1) navigate('/auth/verify-otp');
      else if (data.accountExist === 1) navigate('/auth/login');
      else navigate('/auth/signup');
    },
  });

  return (
    <AuthCard title="Welcome" subtitle="Enter your e-mail address and we will send you a one-time code.">
      <form {...formProps}>
        <Stack gap="md">
          <TextField
            control={control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
          />
          <FormActions submitLabel="Send" pending={pending} fullWidth />
        </Stack>
      </form>
    </AuthCard>
  );
}
