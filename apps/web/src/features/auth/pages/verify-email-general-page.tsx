// Screen 3: send a reset code to the e-mail. Reset type 1 leads to reset-password, type 2 to
// reset-pin (which carries the OTP field itself).
import { Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router-dom';
import { RESET_TYPE } from '@paywallet/contract';
import { localState } from '../../../lib/storage.ts';
import { requestResetCode } from '../api/auth-requests.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { ReadonlyEmailField } from '../components/readonly-email-field.tsx';
import { useAuthEmail } from '../hooks/use-auth-email.ts';
import { resetScreenFor, storedResetType } from '../reset-type.ts';

export function VerifyEmailGeneralPage() {
  const email = useAuthEmail();
  const navigate = useNavigate();
  const type = storedResetType();
  const mutation = useMutation({
    mutationFn: () => requestResetCode(email ?? '', type),
    onSuccess: () => {
      if (email) localState.set('email', email);
      navigate(resetScreenFor(type));
    },
  });
  if (!email) return <Navigate to="/auth/send-otp" replace />;

  const what = type === RESET_TYPE.PASSCODE ? 'passcode' : 'password';
  return (
    <AuthCard title="Verify your email" subtitle={`We will send a one-time code to this e-mail so you can reset your ${what}.`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate();
        }}
        noValidate
      >
        <Stack gap="md">
          <ReadonlyEmailField email={email} />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            Confirm
          </Button>
          <Group justify="center">
            <AuthLink to="/auth/send-otp">Want To Change Your Email?</AuthLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
