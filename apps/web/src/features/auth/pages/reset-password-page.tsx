// Screen 8: a new password with the code sent by verify-email-general. Success goes to login,
// where the new password signs in at once: the reset code counted as the e-mail step (DECISIONS 24).
import { Group, Stack } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router-dom';
import { RESET_TYPE, resetPasswordCall } from '@paywallet/contract';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { OtpField } from '../../../components/form/otp-field.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { OTP_REFUSALS, onField } from '../../../components/form/server-field-errors.ts';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { AUTH_PATHS, withRouteParams } from '../../../lib/paths.ts';
import { localState } from '../../../lib/storage.ts';
import { requestResetCode } from '../api/auth-requests.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { ReadonlyEmailField } from '../components/readonly-email-field.tsx';
import { ResendCode } from '../components/resend-code.tsx';
import { ZResetPasswordForm } from '../form-schemas.ts';
import { useAuthEmail } from '../hooks/use-auth-email.ts';

export function ResetPasswordPage() {
  const email = useAuthEmail();
  if (!email) return <Navigate to="/auth/send-otp" replace />;
  return <ResetPasswordForm email={email} />;
}

function ResetPasswordForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const { form, control, formProps, pending } = useContractForm({
    call: resetPasswordCall,
    schema: ZResetPasswordForm,
    toRequest: (values) => values,
    defaultValues: { email, password: '', confirmPassword: '', otp: '' },
    refusalFields: onField(OTP_REFUSALS, 'otp'),
    onSuccess: (_data, values) => {
      localState.set('email', values.email);
      navigate(withRouteParams(AUTH_PATHS.login, { email: values.email }), { replace: true });
    },
  });

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password and enter the code we sent to your e-mail.">
      <form {...formProps}>
        <Stack gap="md">
          <ReadonlyEmailField email={email} error={form.formState.errors.email?.message} />
          <PasswordField control={control} name="password" label="Password" autoComplete="new-password" required />
          <PasswordField control={control} name="confirmPassword" label="Confirm Password" autoComplete="new-password" required />
          <OtpField control={control} name="otp" />
          <ResendCode send={() => requestResetCode(email, RESET_TYPE.PASSWORD)} onSent={() => form.resetField('otp')} />
          <FormActions submitLabel="Submit" pending={pending} fullWidth />
          <Group justify="center">
            <AuthLink to="/auth/login">Back to Login</AuthLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
