// Screen 5: the password step. Success goes to passcode-login, or set-passcode when the
// account has no passcode yet, naming the account (customerId). The route parameters `email`
// and `customerId` say whose sign-in this is (spec 1 section 2): what this browser still holds
// of another account is forgotten first.
import { useEffect } from 'react';
import { Group, Stack } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router-dom';
import { loginCall, RESET_TYPE } from '@paywallet/contract';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { AUTH_PATHS, withRouteParams } from '../../../lib/paths.ts';
import { localState } from '../../../lib/storage.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { ReadonlyEmailField } from '../components/readonly-email-field.tsx';
import { useAuthEmail } from '../hooks/use-auth-email.ts';
import { useRouteCustomer } from '../hooks/use-route-customer.ts';
import { keepAccessToken } from '../session.ts';

export function LoginPage() {
  const email = useAuthEmail();
  if (!email) return <Navigate to="/auth/send-otp" replace />;
  return <LoginForm email={email} />;
}

function LoginForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const { otherAccountHeld } = useRouteCustomer();
  useEffect(() => {
    if (otherAccountHeld) forgetHeldAccount();
  }, [otherAccountHeld]);
  const { form, control, formProps, pending } = useContractForm({
    call: loginCall,
    defaultValues: { email, password: '' },
    refusalFields: { BAD_CREDENTIALS: 'password' },
    onSuccess: (data, values) => {
      keepAccessToken(data.accessToken);
      localState.set('email', values.email);
      localState.set('customerId', data.id);
      localState.set('avatar', data.avatar);
      navigate(withRouteParams(data.passcode_set ? AUTH_PATHS.passcodeLogin : AUTH_PATHS.setPasscode, { customerId: data.id }));
    },
  });
  const startPasswordReset = () => {
    localState.set('email', email);
    localState.set('resetType', RESET_TYPE.PASSWORD);
  };

  return (
    <AuthCard title="Welcome back" subtitle="Please enter your password to continue.">
      <form {...formProps}>
        <Stack gap="md">
          <ReadonlyEmailField email={email} error={form.formState.errors.email?.message} />
          <PasswordField control={control} name="password" label="Password" autoComplete="current-password" required />
          <Group justify="flex-end">
            <AuthLink to={withRouteParams(AUTH_PATHS.verifyEmailGeneral, { email })} onClick={startPasswordReset}>
              Reset Password
            </AuthLink>
          </Group>
          <FormActions submitLabel="Sign in" pending={pending} fullWidth />
          <Group justify="center">
            <AuthLink to="/auth/send-otp">Want To Change Your Email?</AuthLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** The session, user and avatar of another account than the route names. */
function forgetHeldAccount(): void {
  for (const key of ['accessToken', 'user', 'avatar', 'customerId'] as const) localState.remove(key);
}
