// Screen 3: send a reset code to the e-mail. Reset type 1 leads to reset-password, type 2 to
// reset-pin (which carries the OTP field itself). The form has no field to type in: the e-mail
// is the stored one, the reset type the one the previous screen chose.
import { Group, Stack } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router-dom';
import { RESET_TYPE, verifyEmailGeneralCall } from '@paywallet/contract';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { withRouteParams } from '../../../lib/paths.ts';
import { localState } from '../../../lib/storage.ts';
import { withBotCheck } from '../api/auth-requests.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { ReadonlyEmailField } from '../components/readonly-email-field.tsx';
import { useAuthEmail } from '../hooks/use-auth-email.ts';
import { resetScreenFor, storedResetType } from '../reset-type.ts';
import type { ResetType } from '../reset-type.ts';

export function VerifyEmailGeneralPage() {
  const email = useAuthEmail();
  if (!email) return <Navigate to="/auth/send-otp" replace />;
  return <VerifyEmailGeneralForm email={email} type={storedResetType()} />;
}

function VerifyEmailGeneralForm({ email, type }: { email: string; type: ResetType }) {
  const navigate = useNavigate();
  const { form, formProps, pending } = useContractForm({
    call: verifyEmailGeneralCall,
    defaultValues: { email, type },
    toRequest: (values) => withBotCheck({ email: values.email, type: values.type }),
    onSuccess: (_data, values) => {
      localState.set('email', values.email);
      navigate(withRouteParams(resetScreenFor(type), { email: values.email }));
    },
  });

  const what = type === RESET_TYPE.PASSCODE ? 'passcode' : 'password';
  return (
    <AuthCard title="Verify your email" subtitle={`We will send a one-time code to this e-mail so you can reset your ${what}.`}>
      <form {...formProps}>
        <Stack gap="md">
          <ReadonlyEmailField email={email} error={form.formState.errors.email?.message} />
          <FormActions submitLabel="Confirm" pending={pending} fullWidth />
          <Group justify="center">
            <AuthLink to="/auth/send-otp">Want To Change Your Email?</AuthLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
