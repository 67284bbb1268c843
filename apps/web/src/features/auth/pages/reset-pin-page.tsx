// Screen 9: a new passcode with the code sent by verify-email-general (DECISIONS 22: the form
// carries the e-mailed code). Success goes to passcode-login while this browser holds the
// password-stage session; without one (it expired, or the reset began on another device) to
// login, where the password signs in at once: the reset code counted as the e-mail step
// (DECISIONS 24).
import { Group, Stack } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router-dom';
import { RESET_TYPE, resetPasscodeCall } from '@paywallet/contract';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { OtpField } from '../../../components/form/otp-field.tsx';
import { PasscodePairField } from '../../../components/form/passcode-fields.tsx';
import { OTP_REFUSALS, onField } from '../../../components/form/server-field-errors.ts';
import { AUTH_PATHS, withRouteParams } from '../../../lib/paths.ts';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { localState } from '../../../lib/storage.ts';
import { requestResetCode } from '../api/auth-requests.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { ReadonlyEmailField } from '../components/readonly-email-field.tsx';
import { ResendCode } from '../components/resend-code.tsx';
import { ZResetPinForm } from '../form-schemas.ts';
import { useAuthEmail } from '../hooks/use-auth-email.ts';

export function ResetPinPage() {
  const email = useAuthEmail();
  if (!email) return <Navigate to="/auth/send-otp" replace />;
  return <ResetPinForm email={email} />;
}

function ResetPinForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const { form, control, formProps, pending } = useContractForm({
    call: resetPasscodeCall,
    schema: ZResetPinForm,
    toRequest: (values) => values,
    defaultValues: { email, passcode: '', confirmPasscode: '', otp: '' },
    refusalFields: onField(OTP_REFUSALS, 'otp'),
    onSuccess: (_data, values) => {
      localState.set('email', values.email);
      if (holdsPasswordStage()) {
        navigate(withRouteParams(AUTH_PATHS.passcodeLogin, { customerId: localState.get('customerId') }), { replace: true });
        return;
      }
      // A full session the reset ended is of no use any more.
      localState.remove('accessToken');
      localState.remove('user');
      navigate(withRouteParams(AUTH_PATHS.login, { email: values.email }), { replace: true });
    },
  });

  return (
    <AuthCard title="Reset Pin" subtitle="Choose a new 4-digit passcode and enter the code we sent to your e-mail.">
      <form {...formProps}>
        <Stack gap="md">
          <ReadonlyEmailField email={email} error={form.formState.errors.email?.message} />
          <PasscodePairField control={control} names={{ passcode: 'passcode', confirm: 'confirmPasscode' }} />
          <OtpField control={control} name="otp" />
          <ResendCode send={() => requestResetCode(email, RESET_TYPE.PASSCODE)} onSent={() => form.resetField('otp')} />
          <FormActions submitLabel="Submit" pending={pending} fullWidth />
          <Group justify="center">
            <AuthLink to={AUTH_PATHS.passcodeLogin}>Back to Passcode Login</AuthLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** A password-stage session is held: a token and no signed-in user (the reset ended every full session). */
function holdsPasswordStage(): boolean {
  return Boolean(localState.get('accessToken')) && !localState.get('user');
}
