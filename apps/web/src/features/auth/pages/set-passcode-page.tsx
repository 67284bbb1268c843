// Screen 6: choose the 4-digit passcode. Then the KYC form, the verification page or the app.
// A route naming another account (customerId) than the sign-in held here gets no form.
import { Group, Stack } from '@mantine/core';
import { setPasscodeCall } from '@paywallet/contract';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { PasscodePairField } from '../../../components/form/passcode-fields.tsx';
import { ProcessingOverlay } from '../../../components/processing-overlay.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { OtherAccountAlert } from '../components/other-account-alert.tsx';
import { useContinueAfterPasscode } from '../hooks/use-continue-after-passcode.ts';
import { useRouteCustomer } from '../hooks/use-route-customer.ts';
import { keepAccessToken, keepSignedInUser } from '../session.ts';

export function SetPasscodePage() {
  const { otherAccountHeld } = useRouteCustomer();
  if (otherAccountHeld) {
    return (
      <AuthCard title="Set Passcode">
        <OtherAccountAlert />
      </AuthCard>
    );
  }
  return <SetPasscodeForm />;
}

function SetPasscodeForm() {
  const { proceed, leaving } = useContinueAfterPasscode('/auth/login');
  const { control, formProps, pending } = useContractForm({
    call: setPasscodeCall,
    defaultValues: { passcode: '', confirmPasscode: '', deviceToken: '' },
    onSuccess: (data) => {
      keepAccessToken(data.accessToken);
      keepSignedInUser(data.user, data.user.avatar);
      proceed(data);
    },
  });

  return (
    <AuthCard title="Set Passcode" subtitle="Choose a 4-digit passcode. You will use it every time you sign in.">
      <ProcessingOverlay visible={leaving} />
      <form {...formProps}>
        <Stack gap="md">
          <PasscodePairField control={control} names={{ passcode: 'passcode', confirm: 'confirmPasscode' }} />
          <FormActions submitLabel="Submit" pending={pending} fullWidth />
          <Group justify="center">
            <AuthLink to="/auth/send-otp">Resend OTP</AuthLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
