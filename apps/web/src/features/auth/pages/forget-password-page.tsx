// Screen 10: the forgot-password form, wired to the reset-password flow (DECISIONS 6):
// it sends the reset code (verify-email-general, reset type 1) and opens reset-password.
import { Group, Stack } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { RESET_TYPE, verifyEmailGeneralCall } from '@paywallet/contract';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { withRouteParams } from '../../../lib/paths.ts';
import { localState } from '../../../lib/storage.ts';
import { withBotCheck } from '../api/auth-requests.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { resetScreenFor } from '../reset-type.ts';

export function ForgetPasswordPage() {
  const navigate = useNavigate();
  const { control, formProps, pending } = useContractForm({
    call: verifyEmailGeneralCall,
    defaultValues: { email: localState.get('email') ?? '', type: RESET_TYPE.PASSWORD },
    toRequest: (values) => withBotCheck({ email: values.email, type: RESET_TYPE.PASSWORD }),
    onSuccess: (_data, values) => {
      localState.set('email', values.email);
      localState.set('resetType', RESET_TYPE.PASSWORD);
      navigate(withRouteParams(resetScreenFor(RESET_TYPE.PASSWORD), { email: values.email }));
    },
  });

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your e-mail and we will send you a code to choose a new password.">
      <form {...formProps}>
        <Stack gap="md">
          <TextField control={control} name="email" label="Email" type="email" autoComplete="email" required />
          <FormActions submitLabel="Request new password" pending={pending} fullWidth />
          <Group justify="space-between">
            <AuthLink to="/auth/login">Back to Login</AuthLink>
            <AuthLink to="/auth/signup">Create an account</AuthLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
