// Shown instead of a passcode form when the route names another account than the sign-in held
// in this browser (the customerId route parameter): the passcode would be checked against the
// wrong account, so the user starts the sign-in again.
import { Alert, Button, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AUTH_PATHS } from '../../../lib/paths.ts';

export function OtherAccountAlert() {
  return (
    <Alert color="red" variant="light" role="alert" title="Another account">
      <Stack gap="sm" align="flex-start">
        This link is for another account than the one signing in here. Please sign in to that account again.
        {/* A button, not a link in the alert's colours: a blue link on the red alert is under 4.5:1. */}
        <Button component={Link} to={AUTH_PATHS.sendOtp} variant="default" size="xs">
          Sign in again
        </Button>
      </Stack>
    </Alert>
  );
}
