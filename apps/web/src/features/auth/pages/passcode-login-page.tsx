// Screen 7: the passcode step of sign-in. A blocking overlay covers the call and the hand-off
// to identity verification. A passcode locked after too many wrong tries can only be reset,
// so that refusal points at Reset Pin. A route naming another account (customerId) than the
// sign-in held here gets no passcode form.
import { Alert, Group, Stack } from '@mantine/core';
import { passcodeLoginCall, RESET_TYPE } from '@paywallet/contract';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { PasscodeField } from '../../../components/form/passcode-fields.tsx';
import { ProcessingOverlay } from '../../../components/processing-overlay.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { AUTH_PATHS, withRouteParams } from '../../../lib/paths.ts';
import { localState } from '../../../lib/storage.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { OtherAccountAlert } from '../components/other-account-alert.tsx';
import { useContinueAfterPasscode } from '../hooks/use-continue-after-passcode.ts';
import { useRouteCustomer } from '../hooks/use-route-customer.ts';
import { keepAccessToken, keepSignedInUser } from '../session.ts';

export function PasscodeLoginPage() {
  const { otherAccountHeld } = useRouteCustomer();
  if (otherAccountHeld) {
    return (
      <AuthCard title="Passcode Login">
        <OtherAccountAlert />
      </AuthCard>
    );
  }
  return <PasscodeLoginForm />;
}

function PasscodeLoginForm() {
  const { proceed, leaving } = useContinueAfterPasscode('/app');
  const { control, formProps, pending, refusal } = useContractForm({
    call: passcodeLoginCall,
    defaultValues: { passcode: '', deviceToken: '' },
    refusalFields: { PASSCODE_INCORRECT: 'passcode' },
    onSuccess: (data) => {
      keepAccessToken(data.accessToken);
      keepSignedInUser(data.user, data.avatar);
      localState.remove('email');
      proceed(data);
    },
  });
  const startPinReset = () => localState.set('resetType', RESET_TYPE.PASSCODE);
  const pinResetLink = withRouteParams(AUTH_PATHS.verifyEmailGeneral, { email: localState.get('email') });

  return (
    <AuthCard title="Passcode Login" subtitle="Enter your 4-digit passcode to continue.">
      <ProcessingOverlay visible={pending || leaving} />
      <form {...formProps}>
        <Stack gap="md">
          {refusal?.reason === 'PASSCODE_LOCKED' && (
            <Alert color="red" variant="light" role="alert">
              {refusal.message}{' '}
              <AuthLink to={pinResetLink} onClick={startPinReset}>
                Set a new passcode
              </AuthLink>
            </Alert>
          )}
          <PasscodeField control={control} name="passcode" autoFocus />
          <Group justify="flex-end">
            <AuthLink to={pinResetLink} onClick={startPinReset}>
              Reset Pin
            </AuthLink>
          </Group>
          <FormActions submitLabel="Submit" pending={pending} fullWidth />
        </Stack>
      </form>
    </AuthCard>
  );
}
