// Screen 2: the six-box code sent to the e-mail, with resend after the countdown.
import { Group, Stack } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router-dom';
import { verifyOtpCall } from '@paywallet/contract';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { OtpField } from '../../../components/form/otp-field.tsx';
import { OTP_REFUSALS, onField } from '../../../components/form/server-field-errors.ts';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { requestSignInCode } from '../api/auth-requests.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { ReadonlyEmailField } from '../components/readonly-email-field.tsx';
import { ResendCode } from '../components/resend-code.tsx';
import { ZVerifyOtpForm } from '../form-schemas.ts';
import { useAuthEmail } from '../hooks/use-auth-email.ts';

export function VerifyOtpPage() {
  const email = useAuthEmail();
  if (!email) return <Navigate to="/auth/send-otp" replace />;
  return <VerifyOtpForm email={email} />;
}

function VerifyOtpForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const { form, control, formProps, pending } = useContractForm({
    call: verifyOtpCall,
    schema: ZVerifyOtpForm,
    toRequest: (values) => values,
    defaultValues: { email, otp: '' },
    refusalFields: onField(OTP_REFUSALS, 'otp'),
    onSuccess: (data) => navigate(data.accountExist === 1 ? '/auth/login' : '/auth/signup'),
  });

  return (
    <AuthCard title="Verify OTP" subtitle="Enter the 6-digit code we sent to your e-mail.">
      <form {...formProps}>
        <Stack gap="md">
          <ReadonlyEmailField email={email} error={form.formState.errors.email?.message} />
          <OtpField control={control} name="otp" />
          <ResendCode send={() => requestSignInCode(email)} onSent={() => form.resetField('otp')} />
          <FormActions submitLabel="Send" pending={pending} fullWidth />
          <Group justify="center">
            <AuthLink to="/auth/send-otp">Want To Change Your Email?</AuthLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
